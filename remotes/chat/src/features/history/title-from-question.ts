/** Longest name a first question gives a browser-kept conversation, in characters. */
export const LOCAL_TITLE_MAX_LENGTH = 60;

/**
 * The name of a browser-kept conversation after its first question (the server asks the model
 * for a title; the browser-kept history asks nothing more of the server): the question on one
 * line, cut at a word boundary to at most LOCAL_TITLE_MAX_LENGTH characters with an ellipsis.
 * undefined when nothing is left.
 */
export function titleFromQuestion(question: string): string | undefined {
  const line = question.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  if (line.length <= LOCAL_TITLE_MAX_LENGTH) return line;
  const cut = line.slice(0, LOCAL_TITLE_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > LOCAL_TITLE_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
