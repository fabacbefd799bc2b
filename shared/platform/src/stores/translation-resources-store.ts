import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { MachineTranslation } from '@assistant/contracts';
import { perUserPersistOptions, registerPerUserStore } from './per-user-persistence';

interface TranslationResourcesData {
  resources: MachineTranslation[];
}

interface TranslationResourcesState extends TranslationResourcesData {
  /** Keeps the list of the last load (an empty list after a failed one) for this user. */
  setResources(resources: MachineTranslation[]): void;
}

const initialData: TranslationResourcesData = { resources: [] };

/**
 * The translation resources of SPEC section 3, "local state persisted per user": the machine-
 * translation engines of the user's last load, kept under `assistant.translation-resources.<sub>`.
 * It holds no loading state and loads nothing: the translate remote loads the list with its query
 * (`remotes/translate/src/features/translate/api/get-translation-resources.ts`), which shows this
 * list while it reloads and writes every answer here (docs/translate-ui.md).
 */
export const useTranslationResourcesStore = create<TranslationResourcesState>()(
  persist(
    (set) => ({
      ...initialData,
      setResources(resources) {
        set({ resources });
      },
    }),
    perUserPersistOptions<TranslationResourcesState, TranslationResourcesData>('translation-resources', initialData, (state) => ({
      resources: state.resources,
    })),
  ),
);
registerPerUserStore(useTranslationResourcesStore);
