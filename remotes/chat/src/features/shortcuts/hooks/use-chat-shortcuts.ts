import type { Message } from '@assistant/contracts';
import { useKeyboardShortcut } from '@assistant/platform';

// The chat's keyboard shortcuts (the keys and why each is safe: docs/chat-ui.md "Keyboard shortcuts";
// the shell's list shows them). Escape stops an answer in the conversation view itself.

/** The chat page's: a new chat (Ctrl+Shift+O, as "New conversation") and the message box (Shift+Esc). */
export function useChatPageShortcuts(startNew: () => void): void {
  useKeyboardShortcut('newChat', () => startNew());
  useKeyboardShortcut('focusComposer', () => {
    const box = document.querySelector<HTMLTextAreaElement>('.chat-page__conversation .conversation__composer textarea');
    if (!box) return false;
    box.focus();
  });
}

/**
 * Ctrl+Shift+C copies the last answer of the branch shown (its Markdown, as its Copy button does),
 * not one still being written. With none the key goes on to the browser (its developer tools).
 */
export function useCopyLastAnswerShortcut(branch: readonly Message[], streamingId: string | undefined, copy: (text: string) => Promise<boolean>): void {
  useKeyboardShortcut('copyLastAnswer', () => {
    const answer = [...branch].reverse().find((message) => message.role === 'assistant' && message.message_id !== streamingId && message.content.trim() !== '');
    if (!answer) return false;
    void copy(answer.content);
  });
}
