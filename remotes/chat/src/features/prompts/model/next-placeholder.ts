import { promptPlaceholders, type PromptPlaceholder } from '@assistant/contracts';

/**
 * The placeholder Tab moves to in the message box: the first {{name}} that starts at or after
 * `from` (the selection's end), so that from the last one Tab leaves the box as usual.
 */
export function nextPlaceholder(text: string, from: number): PromptPlaceholder | undefined {
  return promptPlaceholders(text).find((placeholder) => placeholder.start >= from);
}
