import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyCanvasReplacement } from '@assistant/contracts';
import { canvasPassage } from '../canvas-passage';
import { RangeGuard } from '../range-guard';

const DOC = '# Report\n\nThe first sentence is long and winding. The second one is fine.\nA last line.\n';

/** Runs the guard over `chunks`; answers what it handed out, the replacement, and where it refused. */
function run(document: string, range: { start: number; end: number } | null, chunks: string[]) {
  const guard = new RangeGuard(canvasPassage(document, range));
  const deltas: string[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const step = guard.push(chunk);
    if (!step.ok) return { refusedAt: index, deltas };
    if (step.text) deltas.push(step.text);
  }
  const end = guard.end();
  if (!end.ok) return { refusedAt: chunks.length, deltas };
  if (end.text) deltas.push(end.text);
  assert.equal(deltas.join(''), end.replacement, 'the pieces add up to the replacement');
  return { deltas, replacement: end.replacement, document: applyCanvasReplacement(document, range, end.replacement) };
}

/** Cuts a text into pieces of `size` characters. */
const pieces = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
const words = (text: string) => text.match(/\s*\S+|\s+$/g) ?? [];

const sentence = (text: string) => {
  const start = DOC.indexOf(text);
  return { start, end: start + text.length };
};

describe('canvas range guard', () => {
  it('takes the rewrite between prefix and suffix, streamed piece by piece, and leaves the rest as it was', () => {
    const range = sentence('The first sentence is long and winding.');
    const answer = 'The first one is short. The second one is fine.';
    for (const chunks of [[answer], words(answer), pieces(answer, 1), pieces(answer, 7)]) {
      const result = run(DOC, range, chunks);
      assert.equal(result.replacement, 'The first one is short.');
      assert.equal(result.document, '# Report\n\nThe first one is short. The second one is fine.\nA last line.\n');
    }
  });

  it('hands out the middle while it streams, holding back only what may be the suffix', () => {
    const range = sentence('The first sentence is long and winding.');
    const guard = new RangeGuard(canvasPassage(DOC, range));
    // The suffix is " The second one is fine." (24 characters): the last 24 are held back, and
    // whitespace before them (it may be the end of the rewrite, which is trimmed).
    assert.deepEqual(guard.push('The first'), { ok: true, text: '' });
    assert.deepEqual(guard.push(' sentence'), { ok: true, text: '' });
    assert.deepEqual(guard.push(' was rewritten in many words,'), { ok: true, text: 'The first sentence was' });
    assert.deepEqual(guard.push(' far more than the twenty-four characters of the suffix.'), {
      ok: true,
      text: ' rewritten in many words, far more than the twenty-four c',
    });
    assert.deepEqual(guard.push(' The second one is fine.'), { ok: true, text: 'haracters of the suffix.' });
    const end = guard.end();
    assert.ok(end.ok);
    assert.equal(end.text, '');
    assert.equal(end.replacement, 'The first sentence was rewritten in many words, far more than the twenty-four characters of the suffix.');
  });

  it('refuses as soon as the answer cannot start with the prefix', () => {
    const range = sentence('The second one is fine.');
    // The prefix is "The first sentence is long and winding. "
    const result = run(DOC, range, ['The first', ' sentence is short.', ' The second one is great.']);
    assert.equal(result.refusedAt, 1);
    assert.deepEqual(result.deltas, []);
  });

  it('refuses an answer that does not end with the suffix, or whose start is missing', () => {
    const range = sentence('The first sentence is long and winding.');
    assert.equal(run(DOC, range, ['Short. The second one is wonderful.']).refusedAt, 1);
    assert.equal(run(DOC, range, ['The first one is short.']).refusedAt, 1, 'the suffix left out');
    const middle = sentence('is long');
    assert.equal(run(DOC, middle, ['The first sent']).refusedAt, 1, 'the answer ended inside the prefix');
    assert.equal(run(DOC, middle, ['The first sentence ']).refusedAt, 1, 'the answer ended after the prefix');
  });

  it('keeps the selection\'s own whitespace around the trimmed rewrite', () => {
    const range = sentence(' The second one is fine.\n');
    // The range ends after the line break: the passage runs on to the end of the next line.
    const result = run(DOC, range, ['The first sentence is long and winding.   The second is good.  \n\nA last line.\n']);
    assert.equal(result.replacement, ' The second is good.\n');
    assert.equal(result.document, '# Report\n\nThe first sentence is long and winding. The second is good.\nA last line.\n');
  });

  it('drops leading whitespace and a wrapping code fence the passage does not have, and tolerates trailing whitespace', () => {
    const range = sentence('long and winding');
    const answer = '\n\n```markdown\nThe first sentence is short and straight. The second one is fine.\n```\n\n';
    for (const chunks of [[answer], pieces(answer, 1), pieces(answer, 2), words(answer)]) {
      const result = run(DOC, range, chunks);
      assert.equal(result.replacement, 'short and straight');
    }
    assert.equal(run(DOC, range, ['The first sentence is short. The second one is fine.  \n\n']).replacement, 'short');
  });

  it('keeps a fence the passage has, and code ending in backticks', () => {
    const doc = '```js\nconst a = 1;\n```\n';
    const range = { start: doc.indexOf('1'), end: doc.indexOf('1') + 1 };
    assert.equal(run(doc, range, ['const a = 2;']).document, '```js\nconst a = 2;\n```\n');
    assert.equal(run(doc, null, pieces('```js\nconst a = 2;\n```', 2)).document, '```js\nconst a = 2;\n```\n', 'the document is a code block');
    const inline = 'Use `npm ci` here.';
    const answer = '```\nUse `pnpm install` here.\n```';
    const result = run(inline, { start: 4, end: 12 }, pieces(answer, 1));
    assert.equal(result.replacement, '`pnpm install`');
    assert.equal(result.document, 'Use `pnpm install` here.');
  });

  it('refuses a changed leading whitespace when the prefix starts with it (an indented list item)', () => {
    const doc = '- one\n  - two items\n';
    const range = { start: doc.indexOf('two'), end: doc.indexOf('two') + 3 };
    assert.equal(run(doc, range, ['  - three items']).replacement, 'three');
    assert.equal(run(doc, range, ['- three items']).refusedAt, 0);
  });

  it('rewrites the whole document when there is no range, keeping its outer whitespace', () => {
    const result = run(DOC, null, words('# Bericht\n\nDer erste Satz ist kurz.\n'));
    assert.equal(result.replacement, '# Bericht\n\nDer erste Satz ist kurz.\n');
    assert.equal(run('', null, ['Neu.']).document, 'Neu.');
  });

  it('takes an insertion (an empty selection) with its own spaces', () => {
    const doc = 'Hello world.';
    const result = run(doc, { start: 6, end: 6 }, words('Hello big world.'));
    assert.equal(result.replacement, 'big ');
    assert.equal(result.document, 'Hello big world.');
  });

  it('removes a selection the model left empty, keeping words and paragraphs apart', () => {
    const doc = 'Hello world. Bye.';
    assert.equal(run(doc, { start: 5, end: 13 }, ['Hello Bye.']).document, 'Hello Bye.');
    assert.equal(run(doc, { start: 6, end: 13 }, ['Hello Bye.']).document, 'Hello Bye.');
    assert.equal(run(doc, { start: 6, end: 12 }, ['Hello  Bye.']).document, 'Hello  Bye.', 'the spaces around it were outside the range');
    const paragraphs = 'One.\n\nTwo.\n\nThree.';
    assert.equal(run(paragraphs, { start: 4, end: 12 }, ['One.Three.']).document, 'One.\n\nThree.');
  });

  it('drops the edit markers the model repeated, unless the passage has them', () => {
    const range = sentence('long and winding');
    assert.equal(run(DOC, range, ['The first sentence is ⟦short⟧. The second one is fine.']).replacement, 'short');
    const doc = 'Mark ⟦this⟧ here.';
    assert.equal(run(doc, { start: 6, end: 10 }, ['Mark ⟦that⟧ here.']).replacement, 'that');
  });

  it('refuses an empty answer to a passage with text outside the range', () => {
    assert.equal(run(DOC, sentence('long'), []).refusedAt, 0);
    assert.equal(run(DOC, sentence('long'), ['  \n']).refusedAt, 1);
  });

  it('replaces exactly the range of random documents, however the answer is cut', () => {
    // A small seeded generator: the same cases on every run.
    let seed = 15;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const alphabet = 'ab c\n\n  -#`.⟦';
    for (let i = 0; i < 1000; i++) {
      const document = Array.from({ length: random(60) }, () => alphabet[random(alphabet.length)]).join('');
      const start = random(document.length + 1);
      const end = start + random(document.length - start + 1);
      const range = { start, end };
      const passage = canvasPassage(document, range);
      const selection = document.slice(start, end);
      // A selection with text keeps its own outer whitespace; one of whitespace only (or an
      // insertion) is replaced by the model's text as it is.
      const lead = selection.trim() ? selection.slice(0, selection.length - selection.trimStart().length) : '';
      const trail = selection.trim() ? selection.slice(selection.trimEnd().length) : '';
      const rewrite = `${lead}Neu ${i}${trail}`;
      const answer = passage.prefix + rewrite + passage.suffix;
      const result = run(document, range, pieces(answer, 1 + random(5)));
      assert.equal(result.document, document.slice(0, start) + rewrite + document.slice(end), JSON.stringify({ document, range }));
    }
  });
});
