import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectedLanguageOf } from '../translation-service';

describe('detected language of a translation', () => {
  it('is the language reported for most segments, in lower case', () => {
    assert.equal(detectedLanguageOf([{ translation: 'a', detectedLanguage: 'DE' }, { translation: 'b', detectedLanguage: 'EN' }, { translation: 'c', detectedLanguage: 'de' }]), 'de');
  });

  it('is not made up: none when no engine reported one or only something that is no language code', () => {
    assert.equal(detectedLanguageOf([{ translation: 'a' }, { translation: 'b', score: 3 }]), undefined);
    assert.equal(detectedLanguageOf([{ translation: 'a', detectedLanguage: '<script>' }]), undefined);
  });
});
