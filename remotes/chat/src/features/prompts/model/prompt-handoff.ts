/**
 * "Use" on the prompt page opens the chat with the prompt's text in the message box: the text
 * travels in the navigation's state (this tab's history entry, never the URL), read once by the
 * composer's picker hook.
 */
export interface PromptHandoff {
  title: string;
  text: string;
}

export const promptHandoffState = (prompt: PromptHandoff) => ({ usePrompt: { title: prompt.title, text: prompt.text } });

const isText = (value: unknown): value is string => typeof value === 'string';

/** The prompt handed over in a location's state, if any (anything else in the state is not one). */
export function promptHandoffOf(state: unknown): PromptHandoff | undefined {
  if (typeof state !== 'object' || state === null || !('usePrompt' in state)) return undefined;
  const handed: unknown = state.usePrompt;
  if (typeof handed !== 'object' || handed === null || !('title' in handed) || !('text' in handed)) return undefined;
  return isText(handed.title) && isText(handed.text) ? { title: handed.title, text: handed.text } : undefined;
}
