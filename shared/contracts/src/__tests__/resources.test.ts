import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  collectionSchema,
  languageModelSchema,
  machineTranslationSchema,
  qaResourcesResponseSchema,
  translationResourcesResponseSchema,
} from '../resources';
import { accepts, rejects } from './helpers';

const deepl = { id: 'deepl', name: 'DeepL', type: 'deepl', languages: { auto: ['de', 'en-GB'], de: ['en-GB', 'fr'] } };

describe('resources', () => {
  it('accepts a collection, a language model with and without options, a translation engine', () => {
    accepts(collectionSchema, { id: 'c1', name: 'Handbook', type: 'company' });
    accepts(languageModelSchema, { id: 'm1', name: 'Llama', type: 'llm' });
    const model = accepts(languageModelSchema, { id: 'm2', name: 'Doc QA', type: 'llm', mode: 'document', max_characters: 0 });
    assert.equal(model.mode, 'document');
    assert.deepEqual(accepts(machineTranslationSchema, deepl).languages.de, ['en-GB', 'fr']);
  });

  it('refuses an empty id or name', () => {
    const emptyId = rejects(collectionSchema, { id: '', name: 'Handbook', type: 'company' });
    assert.equal(emptyId.message, 'Must not be empty');
    assert.deepEqual(emptyId.path, ['id']);
    const emptyName = rejects(machineTranslationSchema, { ...deepl, name: ' ' });
    assert.equal(emptyName.message, 'Must not be empty');
    assert.deepEqual(emptyName.path, ['name']);
  });

  it('refuses a negative max_characters and an unknown mode', () => {
    const negative = rejects(languageModelSchema, { id: 'm', name: 'M', type: 'llm', max_characters: -1 });
    assert.equal(negative.message, 'Must not be below 0');
    assert.deepEqual(negative.path, ['max_characters']);
    assert.equal(rejects(languageModelSchema, { id: 'm', name: 'M', type: 'llm', mode: 'chat' }).message, "Must be 'document' or 'collection'");
  });

  it('takes a model description where the endpoint gives one, trimmed and short', () => {
    assert.equal(accepts(languageModelSchema, { id: 'm', name: 'M', type: 'llm', description: ' Fast and small ' }).description, 'Fast and small');
    assert.deepEqual(rejects(languageModelSchema, { id: 'm', name: 'M', type: 'llm', description: ' ' }).path, ['description']);
    assert.deepEqual(rejects(languageModelSchema, { id: 'm', name: 'M', type: 'llm', description: 'x'.repeat(301) }).path, ['description']);
  });

  it('refuses languages that are not lists of strings', () => {
    const bad = rejects(machineTranslationSchema, { ...deepl, languages: { de: 'en' } });
    assert.deepEqual(bad.path, ['languages', 'de']);
  });

  it('parses the qa/resources and translation/resources answers, empty lists included', () => {
    accepts(qaResourcesResponseSchema, { collections: [], language_models: [] });
    const qa = accepts(qaResourcesResponseSchema, {
      collections: [{ id: 'c1', name: 'Handbook', type: 'personal' }],
      language_models: [{ id: 'm1', name: 'Llama', type: 'llm', mode: 'collection' }],
    });
    assert.equal(qa.collections.length, 1);
    assert.equal(accepts(translationResourcesResponseSchema, [deepl]).length, 1);
    assert.deepEqual(rejects(qaResourcesResponseSchema, { collections: [{ id: '', name: 'x', type: 'y' }], language_models: [] }).path, [
      'collections',
      0,
      'id',
    ]);
  });
});
