import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { extractModelJson, modelBoolean, modelEnum, modelInteger, modelNumber, readModelJson } from '../model-json';

describe('extractModelJson', () => {
  const cases: Array<[string, string, unknown]> = [
    ['plain JSON', '{"a":1}', { a: 1 }],
    ['a code fence', '```json\n{"a":1}\n```', { a: 1 }],
    ['a chatty prefix and suffix', 'Sure! Here is the JSON you asked for:\n{"a": [1, 2]}\nLet me know if you need more.', { a: [1, 2] }],
    ['a reasoning block with JSON in it first', '<think>maybe {"a":0}?</think>\n{"a":1}', { a: 1 }],
    ['only the end of a reasoning block', 'the user wants {"a":0}</think>{"a":1}', { a: 1 }],
    ['a bracket in prose before the JSON', '[Note] The answer follows. {"a":1}', { a: 1 }],
    ['a top-level array', 'Result: [{"n":1},{"n":2}]', [{ n: 1 }, { n: 2 }]],
    ['a trailing comma', '{"a": [1, 2,],}', { a: [1, 2] }],
    ['single quotes and Python constants', "{'a': True, 'b': None}", { a: true, b: null }],
    // Cut off at the token limit: the complete members are kept, the one cut in the middle is left out, never finished.
    ['an answer cut off in a string', '```json\n{"a": [{"n": 1, "text": "Eins."}, {"n": 2, "text": "Zw', { a: [{ n: 1, text: 'Eins.' }, { n: 2 }] }],
    ['an answer cut off in a number', '{"name": "X", "temperature": 0.', { name: 'X' }],
    ['an answer cut off after a complete member', '{"a": [{"n": 1}', { a: [{ n: 1 }] }],
    ['a missing bracket before prose', '{"a": [1, 2}\nThanks!', { a: [1, 2] }],
    ['braces inside strings', 'x {"a": "} and {"} y', { a: '} and {' }],
  ];
  for (const [name, text, expected] of cases) {
    it(`reads ${name}`, () => assert.deepEqual(extractModelJson(text), expected));
  }

  const none: Array<[string, string]> = [
    ['prose', 'I think source 1 supports the answer.'],
    ['a bare number', '42'],
    ['unfinished reasoning', '<think>{"a":1} hmm'],
    ['an empty answer', ''],
    ['an answer cut off before its first member ended', '{"instructions": "You are'],
  ];
  for (const [name, text] of none) {
    it(`finds nothing in ${name}`, () => assert.equal(extractModelJson(text), undefined));
  }

  it('refuses a cut-off value when asked to (tool arguments)', () => {
    assert.equal(extractModelJson('{"q": "travel", "page": 2', { cutOff: false }), undefined);
    assert.deepEqual(extractModelJson('```json\n{"q": "travel",}\n```', { cutOff: false }), { q: 'travel' });
  });
});

describe('readModelJson', () => {
  const schema = (lenient: Parameters<Parameters<typeof readModelJson>[1]>[0]) =>
    z.object({
      title: z.string().min(1),
      score: modelNumber(z.number().min(0).max(1)).optional(),
      items: lenient.list(z.object({ n: modelInteger(), label: modelEnum(['yes', 'no']), done: modelBoolean().default(false) }), {
        what: 'item',
        key: (item) => item.n,
        max: 3,
      }),
    });

  it('keeps every valid item and counts what it dropped, by reason', () => {
    const text = [
      'Here you go:',
      '```json',
      JSON.stringify({
        title: 'T',
        score: '0.5',
        extra: 'ignored',
        items: [
          { n: '1', label: ' Yes ', done: 'true' },
          { n: 1, label: 'no' },
          { n: 2, label: 'maybe' },
          { n: 'two', label: 'no' },
          { n: 3, label: 'no' },
          { n: 4, label: 'no' },
          { n: 5, label: 'yes' },
        ],
      }),
      '```',
    ].join('\n');
    const read = readModelJson(text, schema);
    assert.equal(read.ok, true);
    assert.ok(read.ok);
    assert.deepEqual(read.value, {
      title: 'T',
      score: 0.5,
      items: [
        { n: 1, label: 'yes', done: true },
        { n: 3, label: 'no', done: false },
        { n: 4, label: 'no', done: false },
      ],
    });
    assert.deepEqual(read.dropped.toJSON(), { 'item: duplicate': 1, 'item: label invalid_value': 1, 'item: n invalid_type': 1, 'item: over the limit': 1 });
    assert.equal(read.dropped.total, 4);
  });

  it('passes over JSON that does not fit, such as a citation before the answer', () => {
    const read = readModelJson('Source [1] says so: {"title":"T","items":[{"n":1,"label":"no"}]}', schema);
    assert.ok(read.ok);
    assert.equal(read.value.title, 'T');
  });

  it('takes a single item where a list belongs', () => {
    const read = readModelJson('{"title":"T","items":{"n":1,"label":"no"}}', schema);
    assert.ok(read.ok);
    assert.deepEqual(read.value.items, [{ n: 1, label: 'no', done: false }]);
  });

  const failing: Array<[string, string, RegExp]> = [
    ['no JSON', 'Sorry, I cannot help with that.', /no JSON/],
    ['a missing required field', '{"items": []}', /title invalid_type/],
    ['a missing list', '{"title": "T"}', /items invalid_type/],
    ['a number out of range', '{"title": "T", "score": "7", "items": []}', /score too_big/],
  ];
  for (const [name, text, problem] of failing) {
    it(`says what is wrong with ${name}`, () => {
      const read = readModelJson(text, schema);
      assert.equal(read.ok, false);
      assert.match(read.ok ? '' : read.problem, problem);
    });
  }

  it('does not take text that only looks like a number or a boolean', () => {
    assert.equal(modelNumber().safeParse('').success, false);
    assert.equal(modelNumber().safeParse('1e400').success, false);
    assert.equal(modelInteger().safeParse('2.5').success, false);
    assert.equal(modelBoolean().safeParse('yes').success, false);
  });
});
