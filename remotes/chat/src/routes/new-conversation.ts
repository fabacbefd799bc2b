/**
 * "New conversation" from the side panel or the top bar: a navigation to the chat's base with this
 * state, so that it works from any chat path (a conversation, the prompt library) and the shell's
 * drawer, which closes on navigation, gives way to it. The page starts a new, empty conversation
 * for each such navigation (each has its own location key).
 */
export const newConversationState = { newConversation: true } as const;

/** Whether a location's state asks for a new conversation. */
export function asksForNewConversation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'newConversation' in state && state.newConversation === true;
}

/**
 * The conversation a chat path opens (`<base>/<id>`), if any: the segment after the base, when
 * it is the only one (`<base>/prompts/...` and `<base>/shared/<id>` have more or are static).
 */
export function openConversationOf(pathname: string, basePath: string): string | undefined {
  const base = basePath.replace(/\/+$/, '');
  if (!pathname.startsWith(`${base}/`)) return undefined;
  const rest = pathname.slice(base.length + 1).replace(/\/+$/, '');
  if (rest === '' || rest.includes('/') || rest === 'prompts') return undefined;
  return decodeURIComponent(rest);
}
