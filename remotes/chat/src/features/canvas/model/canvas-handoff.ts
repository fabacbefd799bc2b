import { CANVAS_HANDOFF_KEY, canvasHandoffSchema, type CanvasHandoff } from '@assistant/contracts';

/**
 * Takes the text another remote handed to the canvas (the contract's handoff in sessionStorage):
 * once, so a reload does not open it again; undefined when there is none or it is not valid.
 */
export function takeCanvasHandoff(): CanvasHandoff | undefined {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(CANVAS_HANDOFF_KEY);
    sessionStorage.removeItem(CANVAS_HANDOFF_KEY);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const parsed = canvasHandoffSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    console.warn('The text handed to the canvas was not valid', parsed.error.issues);
  } catch (error) {
    console.warn('The text handed to the canvas was not JSON', error);
  }
  return undefined;
}
