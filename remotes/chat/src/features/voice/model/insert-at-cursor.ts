/**
 * The message box's text with a dictated text put in at the cursor (replacing a selection), with
 * a space on either side where words would otherwise run together; and where the cursor goes
 * after it. An empty box simply takes the text.
 */
export function insertAtCursor(value: string, selectionStart: number, selectionEnd: number, inserted: string): { text: string; cursor: number } {
  const words = inserted.trim();
  const start = Math.max(0, Math.min(selectionStart, value.length));
  const end = Math.max(start, Math.min(selectionEnd, value.length));
  if (words === '') return { text: value, cursor: end };
  const before = value.slice(0, start);
  const after = value.slice(end);
  const spaceBefore = before !== '' && !/\s$/.test(before) ? ' ' : '';
  const spaceAfter = after !== '' && !/^[\s.,;:!?)]/.test(after) ? ' ' : '';
  const middle = `${spaceBefore}${words}${spaceAfter}`;
  return { text: `${before}${middle}${after}`, cursor: before.length + spaceBefore.length + words.length };
}
