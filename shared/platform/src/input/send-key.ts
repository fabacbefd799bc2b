/** The keydown fields that decide whether Enter sends. */
export interface EnterKeyEvent {
  key: string;
  shiftKey: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** keyCode 229: the key went to an input method (IME) editor. */
  keyCode?: number;
  isComposing?: boolean;
}

/**
 * Whether a keydown in a question box sends it: Enter sends; Shift+Enter (and Alt/Ctrl/Meta+Enter)
 * adds a line; an Enter that confirms an input method composition (Japanese, Chinese ...) never
 * sends. `composing` is the caller's own record of a composition (compositionstart/end).
 */
export function isSendKey(event: EnterKeyEvent, composing = false): boolean {
  if (event.key !== 'Enter') return false;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
  if (composing || event.isComposing || event.keyCode === 229) return false;
  return true;
}
