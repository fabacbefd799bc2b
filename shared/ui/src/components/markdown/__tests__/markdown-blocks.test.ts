import { Lexer } from 'marked';
import { EMPTY_BLOCKS, lexBlocks, type BlockState } from '../markdown-blocks';

const ANSWER = [
  '# Quarterly report',
  '',
  'The figures are *ready*; see [the intranet](https://intranet.example.com).',
  'Second line of the same paragraph.',
  '',
  'Setext heading',
  '==============',
  '',
  '- first',
  '- second',
  '',
  '- third, after a blank line',
  '',
  '1. one',
  '2. two',
  '',
  '> a quote',
  'lazily continued',
  '',
  '| Region | Sales |',
  '|:-------|------:|',
  '| North  | 12    |',
  '| South  | 7     |',
  '',
  '```ts',
  'const total = 12 + 7;',
  '',
  'console.log(total);',
  '```',
  '',
  '- [x] done',
  '- [ ] open',
  '',
  'The end.',
].join('\n');

const shape = (tokens: readonly { type: string; raw: string }[]) =>
  tokens.filter((token) => token.type !== 'space').map((token) => `${token.type}:${token.raw.trim()}`);

function streamed(text: string, chunk: number): BlockState {
  let state = EMPTY_BLOCKS;
  for (let end = chunk; end < text.length + chunk; end += chunk) state = lexBlocks(state, text.slice(0, Math.min(end, text.length)));
  return state;
}

describe('lexBlocks', () => {
  it.each([1, 2, 3, 7, 16, 64, 1000])('streamed in chunks of %i characters, gives the blocks of lexing the whole text', (chunk) => {
    const state = streamed(ANSWER, chunk);
    expect(shape(state.blocks)).toEqual(shape(Lexer.lex(ANSWER, { gfm: true })));
    expect(state.blocks.map((token) => token.raw).join('')).toBe(ANSWER);
  });

  it('keeps finished blocks as the same objects and lexes only the open end again', () => {
    const first = lexBlocks(EMPTY_BLOCKS, '# Title\n\nOne.\n\nTwo.\n\nThree');
    expect(first.stable.map((token) => token.type)).toEqual(['heading', 'space', 'paragraph', 'space']);
    const second = lexBlocks(first, '# Title\n\nOne.\n\nTwo.\n\nThree and more.\n\nFour');
    expect(second.blocks[0]).toBe(first.blocks[0]);
    expect(second.blocks[2]).toBe(first.blocks[2]);
    const lex = jest.spyOn(Lexer, 'lex');
    lexBlocks(second, `${second.text} and five`);
    expect(lex.mock.calls[0]![0]).toBe('Three and more.\n\nFour and five');
    lex.mockRestore();
  });

  it('starts over when the text is not a continuation (an edit, a new answer)', () => {
    const first = lexBlocks(EMPTY_BLOCKS, '# Title\n\nOne.\n\nTwo.\n\nThree');
    const other = lexBlocks(first, 'Something else entirely.');
    expect(shape(other.blocks)).toEqual(['paragraph:Something else entirely.']);
  });
});
