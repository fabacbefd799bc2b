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
  /** Blocks that no later text can change. */
  stable: readonly Token[];
  /** Characters of `text` the stable blocks cover (their raw texts add up to it). */
  stableLength: number;
  /** Every block of `text`: the stable ones followed by the open ones. */
  blocks: readonly Token[];
}

/**
 * How many blocks (not counting blank-line tokens) stay open. A new line can turn the last
 * paragraph into a heading (`===`), continue a list or a quote, or close a code fence; keeping
 * the one before it open too covers a list or quote interrupted by a blank line and resumed.
 */
const OPEN_BLOCKS = 2;

const LEX_OPTIONS = { gfm: true, breaks: false } as const;

export const EMPTY_BLOCKS: BlockState = { text: '', stable: [], stableLength: 0, blocks: [] };

export function lexBlocks(previous: BlockState, text: string): BlockState {
  // An edit or a new answer (anything but an append to the stable part) starts over.
  const base = text.startsWith(previous.text.slice(0, previous.stableLength)) ? previous : EMPTY_BLOCKS;
  const tail: TokensList = Lexer.lex(text.slice(base.stableLength), LEX_OPTIONS);

  let open = 0;
  let firstOpen = tail.length;
  for (let index = tail.length - 1; index >= 0 && open < OPEN_BLOCKS; index -= 1) {
    firstOpen = index;
    if (tail[index]!.type !== 'space') open += 1;
  }
  const settled = tail.slice(0, firstOpen);
  const stable = settled.length ? [...base.stable, ...settled] : base.stable;
  const stableLength = base.stableLength + settled.reduce((sum, token) => sum + token.raw.length, 0);
  return { text, stable, stableLength, blocks: [...stable, ...tail.slice(firstOpen)] };
}
