import type { CountTokens } from './token-count';

/**
 * Where a text may be cut, coarsest first: between paragraphs, lines, sentences, words. Each
 * border stays with the piece before it, so the parts put together are the text again.
 */
const BORDERS = [/(?<=\n[ \t]*\n)(?=[^\n])/, /(?<=\n)/, /(?<=[.!?…:;]["'»«)\]]?\s)/u, /(?<=\s)(?=\S)/];

/**
 * The text in consecutive parts of at most `maxTokens` tokens each (as `count` counts them), cut
 * at the coarsest border that makes the pieces fit, and packed so the parts come out about
 * equally long. `parts.join('') === text`.
 */
export function splitText(text: string, maxTokens: number, count: CountTokens): string[] {
  if (maxTokens < 1) throw new RangeError('A part must hold at least one token');
  const total = count(text);
  if (total <= maxTokens) return [text];
  const pieces = piecesOf(text, 0, maxTokens, count);
  // Aim at equal parts: the fewest parts the text needs, each about the same size.
  const target = Math.ceil(total / Math.ceil(total / maxTokens));
  const parts: string[] = [];
  let current = '';
  let tokens = 0;
  for (const piece of pieces) {
    if (current !== '' && (tokens + piece.tokens > maxTokens || tokens >= target)) {
      parts.push(current);
      current = '';
      tokens = 0;
    }
    current += piece.text;
    tokens += piece.tokens;
  }
  if (current !== '') parts.push(current);
  // Counts of pieces added up can differ from the count of the joined part by a token at a border.
  return parts.flatMap((part) => (count(part) <= maxTokens ? [part] : splitText(part, Math.max(1, maxTokens - Math.ceil(maxTokens / 20)), count)));
}

interface Piece {
  text: string;
  tokens: number;
}

/** The text in pieces that fit, cut at the border of `level` and finer ones only where needed. */
function piecesOf(text: string, level: number, maxTokens: number, count: CountTokens): Piece[] {
  const tokens = count(text);
  if (tokens <= maxTokens) return [{ text, tokens }];
  const border = BORDERS[level];
  if (!border) return cutByCharacters(text, tokens, maxTokens, count);
  const pieces = text.split(border).filter((piece) => piece !== '');
  if (pieces.length === 1) return piecesOf(text, level + 1, maxTokens, count);
  return pieces.flatMap((piece) => piecesOf(piece, level + 1, maxTokens, count));
}

/** A run without any border (a long URL, a table row of digits): cut by characters, never inside a surrogate pair. */
function cutByCharacters(text: string, tokens: number, maxTokens: number, count: CountTokens): Piece[] {
  const pieces: Piece[] = [];
  let rest = text;
  let restTokens = tokens;
  while (restTokens > maxTokens) {
    let length = Math.max(1, Math.floor((rest.length * maxTokens) / restTokens));
    while (length > 1 && count(rest.slice(0, length)) > maxTokens) length = Math.floor(length * 0.9);
    if (/[\uD800-\uDBFF]/.test(rest[length - 1] ?? '')) length = Math.max(1, length - 1);
    const head = rest.slice(0, length);
    pieces.push({ text: head, tokens: count(head) });
    rest = rest.slice(length);
    restTokens = count(rest);
  }
  if (rest !== '') pieces.push({ text: rest, tokens: restTokens });
  return pieces;
}
