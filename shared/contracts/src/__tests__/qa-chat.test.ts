import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { citedSourceNumbers, qaChatRequestSchema } from '../qa-chat';

const id = '0b9f6c1e-3f0a-4c4e-9d53-1b1f2f3e4a5b';

describe('qa chat request', () => {
  it('takes a question over collections or over one document, not both and not neither', () => {
    assert.equal(qaChatRequestSchema.safeParse({ question: 'Wer?', collections: [id] }).success, true);
    assert.equal(qaChatRequestSchema.safeParse({ question: 'Wer?', file_id: id }).success, true);
    assert.equal(qaChatRequestSchema.safeParse({ question: 'Wer?', file_id: id, collections: [id] }).success, false);
    assert.equal(qaChatRequestSchema.safeParse({ question: 'Wer?' }).success, false);
    assert.equal(qaChatRequestSchema.safeParse({ question: '   ', collections: [id] }).success, false);
    assert.equal(qaChatRequestSchema.safeParse({ question: 'Wer?', collections: [id], extra: 1 }).success, false);
  });

  it('reads the cited source numbers in order of first appearance', () => {
    assert.deepEqual(citedSourceNumbers('A [2]. B [1][2]. C [3, 1].'), [2, 1, 3]);
    assert.deepEqual(citedSourceNumbers('no citations [a]'), []);
  });
});
