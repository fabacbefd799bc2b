import type { ChatDelta } from '../inference/model-provider';

const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * Splits the `<think>...</think>` block some reasoning models (DeepSeek R1 distills, QwQ through
 * servers without a reasoning parser) write at the start of their answer text into reasoning
 * deltas. Tags may be cut across chunks; only a block at the very start counts (a `<think>` later
 * in an answer is the answer's text, for example in a code sample).
 */
export class ThinkTagSplitter {
  private state: 'start' | 'thinking' | 'answer' = 'start';
  private pending = '';
  /** Whitespace right after `</think>` is not part of the answer. */
  private trimAnswerStart = false;

  push(delta: ChatDelta): ChatDelta[] {
    if (delta.channel === 'reasoning') return [delta];
    if (this.state === 'answer') return this.answer(delta.text);
    this.pending += delta.text;
    if (this.state === 'start') {
      const trimmed = this.pending.trimStart();
      if (trimmed.length < OPEN.length && OPEN.startsWith(trimmed)) return [];
      if (!trimmed.startsWith(OPEN)) {
        this.state = 'answer';
        const text = this.pending;
        this.pending = '';
        return this.answer(text);
      }
      this.state = 'thinking';
      this.pending = trimmed.slice(OPEN.length);
    }
    const end = this.pending.indexOf(CLOSE);
    if (end >= 0) {
      const reasoning = this.pending.slice(0, end);
      const rest = this.pending.slice(end + CLOSE.length);
      this.pending = '';
      this.state = 'answer';
      this.trimAnswerStart = true;
      return [...(reasoning ? [{ channel: 'reasoning' as const, text: reasoning }] : []), ...this.answer(rest)];
    }
    // Hold back what may be the beginning of `</think>`.
    let keep = Math.min(CLOSE.length - 1, this.pending.length);
    while (keep > 0 && !CLOSE.startsWith(this.pending.slice(-keep))) keep--;
    const reasoning = this.pending.slice(0, this.pending.length - keep);
    this.pending = this.pending.slice(this.pending.length - keep);
    return reasoning ? [{ channel: 'reasoning', text: reasoning }] : [];
  }

  /** What is held back when the stream ends. */
  flush(): ChatDelta[] {
    const text = this.pending;
    this.pending = '';
    if (!text) return [];
    return this.state === 'thinking' ? [{ channel: 'reasoning', text }] : this.answer(text);
  }

  private answer(text: string): ChatDelta[] {
    if (this.trimAnswerStart) {
      text = text.trimStart();
      if (!text) return [];
      this.trimAnswerStart = false;
    }
    return text ? [{ channel: 'answer', text }] : [];
  }
}
