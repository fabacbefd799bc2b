import type { Message } from '@assistant/contracts';
import { memo } from 'react';
import { markdownToPlainText } from '../model/plain-text';

/** Answers' plain text, worked out once per message object (messages are immutable; a streamed one is replaced). */
const plainTexts = new WeakMap<Message, string>();

function plainTextOf(message: Message): string {
  if (message.role === 'user') return message.content;
  let text = plainTexts.get(message);
  if (text === undefined) {
    text = markdownToPlainText(message.content);
    plainTexts.set(message, text);
  }
  return text;
}

export interface MessageTextProps {
  message: Message;
  /** The message's heading ("Question" / "Answer"), the one its full rendering has. */
  label: string;
}

/**
 * A message far from the visible part of a long list, as its heading and text only: it keeps the
 * list whole for find in page and for screen readers (same article, heading and words, in order)
 * at a small part of the full rendering's cost. The browser does not lay it out while it is off
 * screen (`content-visibility: auto` on its row), and the list renders it in full before it comes
 * into view.
 */
export const MessageText = memo(function MessageText({ message, label }: MessageTextProps) {
  const question = message.role === 'user';
  return (
    <article className={`conversation__message conversation__message--${question ? 'question' : 'answer'}`} aria-labelledby={`${message.message_id}-label`}>
      <h3 id={`${message.message_id}-label`} className="conversation__message-label ui-visually-hidden">
        {label}
      </h3>
      <p className="conversation__message-text">{plainTextOf(message)}</p>
    </article>
  );
});
