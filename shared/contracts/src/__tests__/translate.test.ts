import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  TRANSLATE_MAX_CHARACTERS,
  easyLanguageRequestSchema,
  translateRequestSchema,
  translateResponseSchema,
} from '../translate';
import { accepts, rejects } from './helpers';

const request = { text: 'Guten Morgen', source_language: 'auto', target_language: 'en-GB', engine_id: 'deepl' };

describe('translate', () => {
  it('accepts a response with segments, score optional', () => {
    const answer = accepts(translateResponseSchema, {
      translation: 'Good morning. How are you?',
      translation_segments: [
        { translation: 'Good morning.', source: 'Guten Morgen.', translated_by: { id: 'deepl', name: 'DeepL', type: 'deepl', score: 0.93 } },
        { translation: 'How are you?', source: 'Wie geht es?', translated_by: { id: 'llm', name: 'Llama', type: 'llm' } },
      ],
    });
    assert.equal(answer.translation_segments[1]?.translated_by.score, undefined);
  });

  it('carries the detected language when the engine reports one, and refuses one that is no language code', () => {
    assert.equal(accepts(translateResponseSchema, { translation: '', translation_segments: [], detected_language: 'de' }).detected_language, 'de');
    assert.equal(accepts(translateResponseSchema, { translation: '', translation_segments: [] }).detected_language, undefined);
    assert.deepEqual(rejects(translateResponseSchema, { translation: '', translation_segments: [], detected_language: '<b>' }).path, ['detected_language']);
  });

  it('refuses a segment whose engine has an empty id', () => {
    const bad = rejects(translateResponseSchema, {
      translation: 'x',
      translation_segments: [{ translation: 'x', source: 'y', translated_by: { id: '', name: 'n', type: 't' } }],
    });
    assert.equal(bad.message, 'Must not be empty');
    assert.deepEqual(bad.path, ['translation_segments', 0, 'translated_by', 'id']);
  });

  it('accepts a request with auto detection, an explicit source and a formality', () => {
    accepts(translateRequestSchema, request);
    assert.equal(accepts(translateRequestSchema, { ...request, source_language: 'de', formality: 'less' }).formality, 'less');
  });

  it('refuses empty text, text over the limit, and bad language codes', () => {
    assert.equal(rejects(translateRequestSchema, { ...request, text: '  ' }).message, 'Must not be empty');
    const tooLong = rejects(translateRequestSchema, { ...request, text: 'a'.repeat(TRANSLATE_MAX_CHARACTERS + 1) });
    assert.equal(tooLong.message, 'Must not be longer than 50000 characters');
    accepts(translateRequestSchema, { ...request, text: 'a'.repeat(TRANSLATE_MAX_CHARACTERS) });
    assert.equal(rejects(translateRequestSchema, { ...request, source_language: 'german!' }).message, "Must be 'auto' or a language code such as de or en-GB");
    const autoTarget = rejects(translateRequestSchema, { ...request, target_language: 'auto' });
    assert.equal(autoTarget.message, 'Must be a language code such as de or en-GB');
    assert.deepEqual(autoTarget.path, ['target_language']);
  });

  it('refuses the same source and target, an empty engine, an unknown formality and unknown fields', () => {
    const same = rejects(translateRequestSchema, { ...request, source_language: 'de', target_language: 'DE' });
    assert.equal(same.message, 'Target language must differ from the source language');
    assert.equal(rejects(translateRequestSchema, { ...request, engine_id: '' }).message, 'Must not be empty');
    assert.equal(rejects(translateRequestSchema, { ...request, formality: 'casual' }).message, "Must be 'default', 'more' or 'less'");
    assert.deepEqual(rejects(translateRequestSchema, { ...request, glossary: 'x' }).path, []);
  });

  it('easy language takes text and a de or en locale', () => {
    accepts(easyLanguageRequestSchema, { text: 'Der Antrag ist fristgerecht einzureichen.', locale: 'de' });
    assert.deepEqual(rejects(easyLanguageRequestSchema, { text: 'x', locale: 'fr' }).path, ['locale']);
    assert.equal(rejects(easyLanguageRequestSchema, { text: '', locale: 'en' }).message, 'Must not be empty');
  });
});
