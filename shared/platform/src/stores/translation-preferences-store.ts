import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import * as z from 'zod/mini';
import { formalitySchema, type Formality } from '@assistant/contracts/startup';
import { perUserPersistOptions, registerPerUserStore } from './per-user-persistence';

/**
 * The translation screen's last choices, kept per user (like the other per-user stores, under
 * `assistant.translation-preferences.<sub>`). Values are what the user last saw chosen; the screen
 * checks them against the engines it loads (an engine or language that is gone falls back).
 */
export interface TranslationPreferences {
  /** Id of the machine-translation resource; null: none chosen yet. */
  engineId: string | null;
  /** 'auto' or a language code of the engine's map. */
  sourceLanguage: string | null;
  targetLanguage: string | null;
  /** Only for engines that offer it; null: the engine's default. */
  formality: Formality | null;
}

interface TranslationPreferencesState extends TranslationPreferences {
  /** Replaces the given fields and keeps the others. */
  setPreferences(preferences: Partial<TranslationPreferences>): void;
}

export const initialTranslationPreferences: TranslationPreferences = {
  engineId: null,
  sourceLanguage: null,
  targetLanguage: null,
  formality: null,
};

/** Stored data is read back leniently: a field that is not what it should be counts as unset. */
const storedPreferencesSchema = z.object({
  engineId: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
  sourceLanguage: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
  targetLanguage: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
  formality: z.catch(z.nullable(formalitySchema), null),
});

const pick = (state: TranslationPreferencesState): TranslationPreferences => ({
  engineId: state.engineId,
  sourceLanguage: state.sourceLanguage,
  targetLanguage: state.targetLanguage,
  formality: state.formality,
});

export const useTranslationPreferencesStore = create<TranslationPreferencesState>()(
  persist(
    (set) => ({
      ...initialTranslationPreferences,
      setPreferences(preferences) {
        set(preferences);
      },
    }),
    {
      ...perUserPersistOptions<TranslationPreferencesState, TranslationPreferences>(
        'translation-preferences',
        initialTranslationPreferences,
        pick,
      ),
      merge: (persisted, current) => {
        const stored = storedPreferencesSchema.safeParse(persisted ?? {});
        return { ...current, ...initialTranslationPreferences, ...(stored.success ? stored.data : {}) };
      },
    },
  ),
);
registerPerUserStore(useTranslationPreferencesStore);
