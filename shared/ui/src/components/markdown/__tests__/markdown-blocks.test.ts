import { Lexer } from 'marked';
import { EMPTY_BLOCKS, GROUP_SIZE, allBlocks, lexBlocks, type BlockState } from '../markdown-blocks';

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

function streamed(text: string, chunk: number, appendOnly = false): BlockState {
  let state = EMPTY_BLOCKS;
  for (let end = chunk; end < text.length + chunk; end += chunk) state = lexBlocks(state, text.slice(0, Math.min(end, text.length)), appendOnly);
  return state;
}

describe('lexBlocks', () => {
  it.each([1, 2, 3, 7, 16, 64, 1000])('streamed in chunks of %i characters, gives the blocks of lexing the whole text', (chunk) => {
    for (const appendOnly of [false, true]) {
      const state = streamed(ANSWER, chunk, appendOnly);
      expect(shape(allBlocks(state))).toEqual(shape(Lexer.lex(ANSWER, { gfm: true })));
      expect(allBlocks(state).map((token) => token.raw).join('')).toBe(ANSWER);
    }
    const state = streamed(ANSWER, chunk);
    expect(shape(allBlocks(state))).toEqual(shape(Lexer.lex(ANSWER, { gfm: true })));
    expect(allBlocks(state).map((token) => token.raw).join('')).toBe(ANSWER);
  });

  it('keeps finished blocks as the same objects and lexes only the open end again', () => {
    const first = lexBlocks(EMPTY_BLOCKS, '# Title\n\nOne.\n\nTwo.\n\nThree');
    expect(first.stable.flat().map((token) => token.type)).toEqual(['heading', 'space', 'paragraph', 'space']);
    const second = lexBlocks(first, '# Title\n\nOne.\n\nTwo.\n\nThree and more.\n\nFour');
    expect(allBlocks(second)[0]).toBe(allBlocks(first)[0]);
    expect(allBlocks(second)[2]).toBe(allBlocks(first)[2]);
    const lex = jest.spyOn(Lexer, 'lex');
    lexBlocks(second, `${second.text} and five`);
    expect(lex.mock.calls[0]![0]).toBe('Three and more.\n\nFour and five');
    lex.mockRestore();
  });

  it('keeps full groups of finished blocks as the same arrays', () => {
    let state = EMPTY_BLOCKS;
    let text = '';
    for (let n = 1; n <= GROUP_SIZE * 3; n += 1) {
      text += `Paragraph ${n}.\n\n`;
      state = lexBlocks(state, text);
    }
    const before = state.stable;
    state = lexBlocks(state, `${text}More.\n\nAnd more.\n\nEnd`);
    expect(state.stable.length).toBeGreaterThanOrEqual(6);
    state.stable.slice(0, -1).forEach((group) => expect(group).toHaveLength(GROUP_SIZE));
    const fullBefore = before.filter((group) => group.length === GROUP_SIZE);
    expect(fullBefore.length).toBeGreaterThanOrEqual(5);
    fullBefore.forEach((group, index) => expect(state.stable[index]).toBe(group));
  });

  it('starts over when the text is not a continuation (an edit, a new answer)', () => {
    const first = lexBlocks(EMPTY_BLOCKS, '# Title\n\nOne.\n\nTwo.\n\nThree');
    const other = lexBlocks(first, 'Something else entirely.');
    expect(shape(allBlocks(other))).toEqual(['paragraph:Something else entirely.']);
    // Append-only still notices a different text (its end differs from the previous end).
    const replaced = lexBlocks(first, 'A new answer that is longer than the first one was, entirely.', true);
    expect(shape(allBlocks(replaced))).toEqual(['paragraph:A new answer that is longer than the first one was, entirely.']);
  });
});
