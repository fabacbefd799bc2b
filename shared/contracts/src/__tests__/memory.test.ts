import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEMORY_TEXT_MAX_LENGTH, memoryKey, memoryWriteSchema } from '../memory';
import { accepts, rejects } from './helpers';

describe('memory', () => {
  it('takes a memory’s text trimmed to one line, 1 to MEMORY_TEXT_MAX_LENGTH characters, and nothing else', () => {
    assert.deepEqual(accepts(memoryWriteSchema, { text: '  I work\n in   procurement ' }), { text: 'I work in procurement' });
    accepts(memoryWriteSchema, { text: 'x'.repeat(MEMORY_TEXT_MAX_LENGTH) });
    assert.deepEqual(rejects(memoryWriteSchema, { text: ' \n ' }).path, ['text']);
    assert.deepEqual(rejects(memoryWriteSchema, { text: 'x'.repeat(MEMORY_TEXT_MAX_LENGTH + 1) }).path, ['text']);
    rejects(memoryWriteSchema, { text: 'ok', source: 'chat' });
  });

  it('compares memories without case, spacing and closing punctuation', () => {
    assert.equal(memoryKey('I work in procurement.'), memoryKey('i  WORK in procurement'));
    assert.equal(memoryKey('Ich arbeite im Einkauf!'), 'ich arbeite im einkauf');
    assert.notEqual(memoryKey('I work in procurement'), memoryKey('I work in sales'));
  });
});
