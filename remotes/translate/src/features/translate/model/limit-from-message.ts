/**
 * The character limit a 413 answer names ("The text has 60,000 characters; at most 20,000 are
 * allowed"): the largest number in the message below the length that was sent. Undefined when the
 * message names none.
 */
export function limitFromMessage(message: string | undefined, sentLength: number): number | undefined {
  if (!message) return undefined;
  const numbers = [...message.matchAll(/\d{1,3}(?:[.,\u202f\u00a0 ]\d{3})+|\d+/g)]
    .map((match) => Number(match[0].replace(/[.,\u202f\u00a0 ]/g, '')))
    .filter((n) => Number.isSafeInteger(n) && n > 0 && n < sentLength);
  return numbers.length ? Math.max(...numbers) : undefined;
}
