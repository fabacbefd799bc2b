import { Lexer, type Token, type TokensList } from 'marked';

/**
 * Block tokens of a Markdown text that grows while a model writes it, lexed incrementally: the
 * finished blocks are lexed once and kept (the same objects, so their rendering is reused), and
 * only the last blocks, which the next chunk may still change, are lexed again. The cost of a
 * chunk therefore depends on the size of the open blocks, not on the length of the answer.
 */
export interface BlockState {
  /** The text the tokens were made from. */
  text: string;
  /**
   * Blocks that no later text can change, in groups of GROUP_SIZE; a full group is never copied
   * or changed again, so a renderer can skip it as one unit (the cost of a render then grows
   * with the number of groups, not of blocks).
   */
  stable: ReadonlyArray<readonly Token[]>;
  /** Characters of `text` the stable blocks cover (their raw texts add up to it). */
  stableLength: number;
  /** The blocks after the stable ones, lexed again with the next text. */
  open: readonly Token[];
}

export const GROUP_SIZE = 32;

/**
 * How many blocks (not counting blank-line tokens) stay open. A new line can turn the last
 * paragraph into a heading (`===`), continue a list or a quote, or close a code fence; keeping
 * the one before it open too covers a list or quote interrupted by a blank line and resumed.
 */
const OPEN_BLOCKS = 2;

const LEX_OPTIONS = { gfm: true, breaks: false } as const;

export const EMPTY_BLOCKS: BlockState = { text: '', stable: [], stableLength: 0, open: [] };

/** Every block of the state's text, in order (for tests and callers that need a flat list). */
export const allBlocks = (state: BlockState): Token[] => [...state.stable.flat(), ...state.open];

/** How much of the previous text an append-only update compares (its end): cheap, and a new text still differs there. */
const APPEND_CHECK = 64;

/**
 * The blocks of `text`, reusing what `previous` settled when `text` continues it. `appendOnly`:
 * the caller promises `text` extends the previous text (a streaming answer); then only the end of
 * the previous text is compared, not all of it, so a chunk's cost does not grow with the answer.
 */
export function lexBlocks(previous: BlockState, text: string, appendOnly = false): BlockState {
  // An edit or a new answer (anything but an append to the stable part) starts over.
  const base = continues(previous, text, appendOnly) ? previous : EMPTY_BLOCKS;
  const tail: TokensList = Lexer.lex(text.slice(base.stableLength), LEX_OPTIONS);

  let open = 0;
  let firstOpen = tail.length;
  for (let index = tail.length - 1; index >= 0 && open < OPEN_BLOCKS; index -= 1) {
    firstOpen = index;
    if (tail[index]!.type !== 'space') open += 1;
  }
  const settled = tail.slice(0, firstOpen);
  const stableLength = base.stableLength + settled.reduce((sum, token) => sum + token.raw.length, 0);
  return { text, stable: settled.length ? appendGrouped(base.stable, settled) : base.stable, stableLength, open: tail.slice(firstOpen) };
}

function appendGrouped(groups: ReadonlyArray<readonly Token[]>, tokens: readonly Token[]): ReadonlyArray<readonly Token[]> {
  const next = groups.slice();
  let last = next.length && next[next.length - 1]!.length < GROUP_SIZE ? [...next.pop()!] : [];
  for (const token of tokens) {
    if (last.length === GROUP_SIZE) {
      next.push(last);
      last = [];
    }
    last.push(token);
  }
  next.push(last);
  return next;
}

function continues(previous: BlockState, text: string, appendOnly: boolean): boolean {
  if (previous.stableLength === 0) return true;
  if (!appendOnly) return text.startsWith(previous.text.slice(0, previous.stableLength));
  if (text.length < previous.text.length) return false;
  const from = Math.max(0, previous.text.length - APPEND_CHECK);
  return text.startsWith(previous.text.slice(from), from);
}
