import { EDIT_CLOSE, EDIT_OPEN } from './canvas-edit-prompt';
import type { CanvasPassage } from './canvas-passage';

/** What a piece of the model's answer gave: the next characters of the replacement, or a refusal. */
export type GuardStep = { ok: true; text: string } | { ok: false };
/** The end of the answer: the last characters of the replacement and the whole of it, or a refusal. */
export type GuardEnd = { ok: true; text: string; replacement: string } | { ok: false };

/** The longest first line still taken for an opening code fence while it is incomplete. */
const FENCE_LINE_MAX = 64;
const FENCE_LINE = /^```[\w.+-]*[ \t]*$/;
const FENCE = '```';
const MARKERS = new RegExp(`[${EDIT_OPEN}${EDIT_CLOSE}]`, 'g');

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

/**
 * Checks a model's answer to a canvas edit while it streams, and turns it into the replacement of
 * the selection (canvas-passage.ts). The model answers the whole passage; the answer, after
 * leading whitespace (when the prefix has none) and a wrapping ``` fence the passage does not
 * have, must start with the prefix, and in the end must end with the suffix (whitespace at the end
 * of either is ignored: the stored text outside the range is the document's own anyway). Anything
 * else changed text outside the range: `push` or `end` answers `ok: false` as soon as that is
 * certain, and the caller stops the model.
 *
 * The replacement keeps the selection's own leading and trailing whitespace around the model's
 * text trimmed (a model rewrite that is empty removes the selection, keeping the longer of that
 * whitespace when it had some on both sides, so neighbouring words or paragraphs stay apart). A
 * selection of whitespace only (or nothing, an insertion) takes the model's text as it is.
 *
 * What `push` and `end` hand out adds up to the replacement exactly: the text between prefix and
 * suffix is passed on as it comes, holding back what may still turn out to be the suffix, the
 * whitespace after it or a closing fence.
 */
export class RangeGuard {
  private readonly prefix: string;
  /** The suffix without its trailing whitespace. */
  private readonly suffixCore: string;
  /** The selection's own leading and trailing whitespace (trim mode). */
  private readonly lead: string;
  private readonly trail: string;
  /** True unless the selection is whitespace only or empty. */
  private readonly trim: boolean;
  private readonly dropLeadingSpace: boolean;
  private readonly fenceAllowed: boolean;
  private readonly dropMarkers: boolean;

  private stage: 'head' | 'prefix' | 'middle' | 'refused' = 'head';
  /** The answer so far while its start (leading whitespace, an opening fence) is undecided. */
  private head = '';
  private fenceDecided = false;
  private fenced = false;
  /** The answer after its start, while the prefix is being matched. */
  private body = '';
  /** The answer after the prefix. */
  private rest = '';
  /** Where the run of whitespace (and, when fenced, backticks) at the end of `rest` starts. */
  private runStart = 0;
  /** The first character of `rest` that is not whitespace (trim mode); -1 until there is one. */
  private middleStart = -1;
  /** How far into `rest` the text was handed out. */
  private handedTo = 0;
  private handedOut = '';

  constructor(passage: Pick<CanvasPassage, 'prefix' | 'selection' | 'suffix'>) {
    const { prefix, selection, suffix } = passage;
    this.prefix = prefix;
    this.suffixCore = suffix.trimEnd();
    this.trim = selection.trim() !== '';
    this.lead = this.trim ? selection.slice(0, selection.length - selection.trimStart().length) : '';
    this.trail = this.trim ? selection.slice(selection.trimEnd().length) : '';
    this.dropLeadingSpace = !isSpace(prefix[0]);
    const text = prefix + selection + suffix;
    this.fenceAllowed = !text.trimStart().startsWith(FENCE);
    this.dropMarkers = !text.includes(EDIT_OPEN) && !text.includes(EDIT_CLOSE);
    if (!this.trim) this.middleStart = 0;
  }

  /** The replacement's characters handed out so far. */
  get handedOutLength(): number {
    return this.handedOut.length;
  }

  /** The next piece of the model's answer. */
  push(delta: string): GuardStep {
    if (this.stage === 'refused') return { ok: false };
    const text = this.dropMarkers ? delta.replace(MARKERS, '') : delta;
    if (this.stage === 'head') {
      this.head += text;
      const body = this.decideHead(false);
      return body === undefined ? { ok: true, text: '' } : this.afterHead(body, false);
    }
    if (this.stage === 'prefix') return this.afterHead(text, false);
    this.append(text);
    return { ok: true, text: this.handOut() };
  }

  /** The model's answer is complete. */
  end(): GuardEnd {
    if (this.stage === 'head') {
      const step = this.afterHead(this.decideHead(true) ?? '', true);
      if (!step.ok) return step;
    } else if (this.stage === 'prefix') {
      const step = this.afterHead('', true);
      if (!step.ok) return step;
    }
    if (this.stage !== 'middle') return { ok: false };

    let answer = this.rest;
    if (this.fenced) {
      const trimmed = answer.trimEnd();
      if (trimmed.endsWith(FENCE)) answer = trimmed.slice(0, -FENCE.length);
    }
    const trimmed = answer.trimEnd();
    if (!trimmed.endsWith(this.suffixCore)) return this.refuse();
    const middle = trimmed.slice(0, trimmed.length - this.suffixCore.length);
    const replacement = this.trim ? this.withSelectionSpace(middle.trim()) : middle;
    if (!replacement.startsWith(this.handedOut)) {
      // Cannot happen (what was handed out is a prefix of the replacement by construction).
      throw new Error('canvas range guard: the streamed text is not the start of the replacement');
    }
    const text = replacement.slice(this.handedOut.length);
    this.handedOut = replacement;
    return { ok: true, text, replacement };
  }

  private refuse(): { ok: false } {
    this.stage = 'refused';
    return { ok: false };
  }

  /**
   * Drops the answer's leading whitespace (unless the prefix starts with some) and an opening
   * code fence line; answers the text after them once that is decided, else undefined.
   */
  private decideHead(final: boolean): string | undefined {
    for (;;) {
      if (this.dropLeadingSpace) this.head = this.head.trimStart();
      if (!this.head && !final) return undefined;
      if (!this.fenceAllowed || this.fenceDecided) break;
      const head = this.head;
      if (!final && head.length < FENCE.length && FENCE.startsWith(head)) return undefined;
      if (!head.startsWith(FENCE)) {
        this.fenceDecided = true;
        break;
      }
      const lineEnd = head.indexOf('\n');
      if (lineEnd === -1 && !final && head.length <= FENCE_LINE_MAX) return undefined;
      this.fenceDecided = true;
      if (lineEnd === -1 || !FENCE_LINE.test(head.slice(0, lineEnd))) break;
      this.fenced = true;
      this.head = head.slice(lineEnd + 1);
    }
    const body = this.head;
    this.head = '';
    this.stage = 'prefix';
    return body;
  }

  /** Matches `text` against the rest of the prefix; what follows the prefix goes on to the middle. */
  private afterHead(text: string, final: boolean): GuardStep {
    const at = this.body.length;
    this.body += text;
    const compared = Math.min(this.body.length, this.prefix.length);
    if (at < compared && this.body.slice(at, compared) !== this.prefix.slice(at, compared)) return this.refuse();
    if (this.body.length < this.prefix.length) return final ? this.refuse() : { ok: true, text: '' };
    this.stage = 'middle';
    const rest = this.body.slice(this.prefix.length);
    this.body = '';
    this.append(rest);
    return { ok: true, text: this.handOut() };
  }

  private append(text: string): void {
    if (!text) return;
    const from = this.rest.length;
    this.rest += text;
    let i = this.rest.length;
    while (i > from && this.inEndRun(this.rest[i - 1]!)) i -= 1;
    // A character outside the run came: the run starts after it. Else the run grew.
    if (i > from) this.runStart = i;
    if (this.middleStart === -1) {
      for (let j = from; j < this.rest.length; j += 1) {
        if (!isSpace(this.rest[j])) {
          this.middleStart = j;
          break;
        }
      }
    }
  }

  /** Characters that may still end up after the suffix: whitespace, and a closing fence's backticks. */
  private inEndRun(char: string): boolean {
    return isSpace(char) || (this.fenced && char === '`');
  }

  /**
   * The text of the middle that is certain now: everything before what may still be the suffix
   * (its length before the run at the end), without trailing whitespace in trim mode.
   */
  private handOut(): string {
    if (this.middleStart === -1) return '';
    const start = Math.max(this.handedTo, this.middleStart);
    let upTo = this.runStart - this.suffixCore.length;
    if (this.trim) while (upTo > start && isSpace(this.rest[upTo - 1])) upTo -= 1;
    if (upTo <= start) return '';
    let text = this.rest.slice(start, upTo);
    if (this.handedOut === '') text = this.lead + text;
    this.handedTo = upTo;
    this.handedOut += text;
    return text;
  }

  /** The trimmed rewrite with the selection's own whitespace around it. */
  private withSelectionSpace(rewrite: string): string {
    if (rewrite) return this.lead + rewrite + this.trail;
    // Removed: keep the selection's wider whitespace when it had some on both sides.
    if (!this.lead || !this.trail) return '';
    return this.lead.length >= this.trail.length ? this.lead : this.trail;
  }
}
