import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Collection, LanguageModel } from '@assistant/contracts';
import { apiClients } from '../http/api-clients';
import { useNotificationsStore } from '../notifications/notifications-store';
import { perUserPersistOptions, registerPerUserStore } from './per-user-persistence';

export type ResourcesStatus = 'idle' | 'loading' | 'loaded' | 'unavailable';

interface QaResourcesData {
  collections: Collection[];
  languageModels: LanguageModel[];
}

interface QaResourcesState extends QaResourcesData {
  status: ResourcesStatus;
  /** GET /api/qa/resources; a failure clears the lists, marks them unavailable and notifies. */
  load(): Promise<void>;
}

const initialData: QaResourcesData = { collections: [], languageModels: [] };

export const useQaResourcesStore = create<QaResourcesState>()(
  persist(
    (set) => ({
      ...initialData,
      status: 'idle',
      async load() {
        set({ status: 'loading' });
        try {
          // The full contracts (and zod) load with the QA page, not with the shell (issue 18).
          const { qaResourcesResponseSchema } = await import('@assistant/contracts');
          const answer = await apiClients().api.get('qa/resources', qaResourcesResponseSchema);
          set({ collections: answer.collections, languageModels: answer.language_models, status: 'loaded' });
        } catch (error) {
          console.warn('Failed to load the QA resources', error);
          set({ ...initialData, status: 'unavailable' });
          useNotificationsStore.getState().notify('error', { message: 'QA_NOTIFICATIONS.load-collections-failed' });
        }
      },
    }),
    perUserPersistOptions<QaResourcesState, QaResourcesData>('qa-resources', initialData, (state) => ({
      collections: state.collections,
      languageModels: state.languageModels,
    })),
  ),
);
registerPerUserStore(useQaResourcesStore);
