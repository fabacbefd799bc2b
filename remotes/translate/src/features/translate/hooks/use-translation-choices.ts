import type { Formality, MachineTranslation } from '@assistant/contracts';
import { useTranslationPreferencesStore } from '@assistant/platform';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { offersFormality } from '../model/formality';
import { resolveChoice, sourceLanguages, swapLanguages, targetLanguages, type WantedChoice } from '../model/language-options';

export interface TranslationChoices {
  engine: MachineTranslation;
  source: string;
  target: string | null;
  /** The chosen formality when the engine offers one for the target; undefined otherwise. */
  formality: Formality | undefined;
  sources: string[];
  targets: string[];
  /** Whether swapping source and target is possible (not for "detect automatically"). */
  canSwap: boolean;
  setEngine(id: string): void;
  setSource(code: string): void;
  setTarget(code: string): void;
  setFormality(formality: Formality): void;
  /** Swaps the languages; false when that is not possible. */
  swap(): boolean;
}

/**
 * The engine and languages on screen: the user's last choices (per-user preferences store) where
 * the loaded engines still offer them, with fallbacks otherwise. Every change stores what is then
 * on screen, so the next visit starts from it.
 */
export function useTranslationChoices(engines: readonly MachineTranslation[]): TranslationChoices | null {
  const { i18n } = useTranslation();
  const interfaceLanguage = i18n.resolvedLanguage ?? i18n.language;
  const engineId = useTranslationPreferencesStore((s) => s.engineId);
  const sourceLanguage = useTranslationPreferencesStore((s) => s.sourceLanguage);
  const targetLanguage = useTranslationPreferencesStore((s) => s.targetLanguage);
  const storedFormality = useTranslationPreferencesStore((s) => s.formality);
  const setPreferences = useTranslationPreferencesStore((s) => s.setPreferences);

  return useMemo(() => {
    const choice = resolveChoice(engines, { engineId, sourceLanguage, targetLanguage }, interfaceLanguage);
    if (!choice) return null;
    const { engine, source, target } = choice;

    const store = (wanted: WantedChoice) => {
      const next = resolveChoice(engines, { engineId: engine.id, sourceLanguage: source, targetLanguage: target, ...wanted }, interfaceLanguage);
      if (next) setPreferences({ engineId: next.engine.id, sourceLanguage: next.source, targetLanguage: next.target });
    };

    return {
      engine,
      source,
      target,
      formality: offersFormality(engine, target) ? (storedFormality ?? 'default') : undefined,
      sources: sourceLanguages(engine),
      targets: targetLanguages(engine, source),
      canSwap: swapLanguages(engine, source, target) !== null,
      setEngine: (id) => store({ engineId: id }),
      setSource: (code) => store({ sourceLanguage: code }),
      setTarget: (code) => store({ targetLanguage: code }),
      setFormality: (formality) => setPreferences({ formality }),
      swap: () => {
        const swapped = swapLanguages(engine, source, target);
        if (!swapped) return false;
        store({ sourceLanguage: swapped.source, targetLanguage: swapped.target });
        return true;
      },
    };
  }, [engines, engineId, sourceLanguage, targetLanguage, storedFormality, setPreferences, interfaceLanguage]);
}
