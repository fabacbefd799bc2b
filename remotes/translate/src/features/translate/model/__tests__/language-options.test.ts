import type { MachineTranslation } from '@assistant/contracts';
import { matchLanguage, resolveChoice, sourceLanguages, swapLanguages, targetLanguages } from '../language-options';
import { offersFormality } from '../formality';

const deepl: MachineTranslation = {
  id: 'deepl',
  name: 'DeepL',
  type: 'deepl',
  languages: { DE: ['EN-GB', 'EN-US', 'FR'], EN: ['DE', 'FR'], FR: ['DE', 'EN-GB'] },
};
const llm: MachineTranslation = { id: 'llm', name: 'Model', type: 'llm', languages: { auto: ['de', 'en'], de: ['en', 'fr'], en: ['de'] } };

describe('language options', () => {
  it('lists the map keys as sources, never auto', () => {
    expect(sourceLanguages(deepl)).toEqual(['DE', 'EN', 'FR']);
    expect(sourceLanguages(llm)).toEqual(['de', 'en']);
  });

  it("lists a source's targets; for auto the map's auto entry, else every target once", () => {
    expect(targetLanguages(deepl, 'de')).toEqual(['EN-GB', 'EN-US', 'FR']);
    expect(targetLanguages(deepl, 'auto')).toEqual(['EN-GB', 'EN-US', 'FR', 'DE']);
    expect(targetLanguages(llm, 'auto')).toEqual(['de', 'en']);
    expect(targetLanguages(llm, 'it')).toEqual([]);
  });

  it('matches a language exactly, in any case, or by its primary subtag', () => {
    expect(matchLanguage(['EN-GB', 'EN-US'], 'en-us')).toBe('EN-US');
    expect(matchLanguage(['EN-GB', 'EN-US'], 'en')).toBe('EN-GB');
    expect(matchLanguage(['DE', 'EN'], 'en-GB')).toBe('EN');
    expect(matchLanguage(['DE'], 'fr')).toBeUndefined();
    expect(matchLanguage(['DE'], null)).toBeUndefined();
  });

  it('keeps wanted choices the engines still offer and falls back otherwise', () => {
    expect(resolveChoice([deepl, llm], { engineId: 'llm', sourceLanguage: 'de', targetLanguage: 'fr' }, 'en')).toMatchObject({
      engine: { id: 'llm' },
      source: 'de',
      target: 'fr',
    });
    // Engine gone: the first one; source unknown there: auto; no target wanted: the interface language.
    expect(resolveChoice([deepl], { engineId: 'gone', sourceLanguage: 'it' }, 'de')).toMatchObject({ engine: { id: 'deepl' }, source: 'auto', target: 'DE' });
    expect(resolveChoice([deepl], {}, 'en')).toMatchObject({ source: 'auto', target: 'EN-GB' });
    expect(resolveChoice([], {}, 'en')).toBeNull();
  });

  it('swaps along the map (a regional target becomes its language as a source) and never from auto', () => {
    expect(swapLanguages(deepl, 'DE', 'EN-US')).toEqual({ source: 'EN', target: 'DE' });
    expect(swapLanguages(deepl, 'EN', 'FR')).toEqual({ source: 'FR', target: 'EN-GB' });
    expect(swapLanguages(deepl, 'auto', 'DE')).toBeNull();
    expect(swapLanguages(llm, 'de', 'fr')).toBeNull(); // fr is no source of that engine
  });

  it('offers formality for DeepL targets that have it only', () => {
    expect(offersFormality(deepl, 'DE')).toBe(true);
    expect(offersFormality(deepl, 'EN-GB')).toBe(false);
    expect(offersFormality(llm, 'de')).toBe(false);
    expect(offersFormality(deepl, null)).toBe(false);
  });
});
