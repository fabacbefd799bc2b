import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import * as z from 'zod/mini';
import { perUserPersistOptions, registerPerUserStore } from './per-user-persistence';

/**
 * The chat's last choices in the composer, kept per user (like the other per-user stores, under
 * `assistant.chat-preferences.<sub>`). The chat checks the model against the models it loads: a
 * model that is no longer on offer falls back to the first one.
 */
export interface ChatPreferences {
  /** Id of the language model last picked; null: none picked yet (the first on offer). */
  model: string | null;
  /** Whether the Think switch is on. */
  think: boolean;
}

interface ChatPreferencesState extends ChatPreferences {
  /** Replaces the given fields and keeps the others. */
  setPreferences(preferences: Partial<ChatPreferences>): void;
}

export const initialChatPreferences: ChatPreferences = { model: null, think: false };

/** Stored data is read back leniently: a field that is not what it should be counts as unset. */
const storedPreferencesSchema = z.object({
  model: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
  think: z.catch(z.boolean(), false),
});

const pick = (state: ChatPreferencesState): ChatPreferences => ({ model: state.model, think: state.think });

export const useChatPreferencesStore = create<ChatPreferencesState>()(
  persist(
    (set) => ({
      ...initialChatPreferences,
      setPreferences(preferences) {
        set(preferences);
      },
    }),
    {
      ...perUserPersistOptions<ChatPreferencesState, ChatPreferences>('chat-preferences', initialChatPreferences, pick),
      merge: (persisted, current) => {
        const stored = storedPreferencesSchema.safeParse(persisted ?? {});
        return { ...current, ...initialChatPreferences, ...(stored.success ? stored.data : {}) };
      },
    },
  ),
);
registerPerUserStore(useChatPreferencesStore);
