import { CANVAS_HANDOFF_KEY, CANVAS_HANDOFF_PATH, CANVAS_TITLE_MAX_LENGTH, canvasHandoffSchema } from '@assistant/contracts';

/**
 * Hands a result to the chat's canvas (the contract's handoff: sessionStorage, then
 * CANVAS_HANDOFF_PATH, where the chat page opens it in a new conversation's canvas). Answers the
 * path to open, or undefined when the text cannot be handed over (too long, or no storage).
 */
export function handToCanvas(title: string, markdown: string): string | undefined {
  const handoff = canvasHandoffSchema.safeParse({ title: title.trim().slice(0, CANVAS_TITLE_MAX_LENGTH), markdown });
  if (!handoff.success) return undefined;
  try {
    sessionStorage.setItem(CANVAS_HANDOFF_KEY, JSON.stringify(handoff.data));
  } catch {
    return undefined;
  }
  return CANVAS_HANDOFF_PATH;
}
