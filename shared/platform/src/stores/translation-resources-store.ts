import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { translationResourcesResponseSchema, type MachineTranslation } from '@assistant/contracts';
import { apiClients } from '../http/api-clients';
import { useNotificationsStore } from '../notifications/notifications-store';
import { perUserPersistOptions, registerPerUserStore } from './per-user-persistence';

export type TranslationResourcesStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface TranslationResourcesData {
  resources: MachineTranslation[];
}

interface TranslationResourcesState extends TranslationResourcesData {
  status: TranslationResourcesStatus;
  /**
   * GET /api/translation/resources. An empty list shows TRANSLATION_NOTIFICATIONS.
   * translation-model-unavailable; a failed load leaves the list empty and shows the same notice
   * (either way nothing can be translated).
   */
  load(): Promise<void>;
}

const initialData: TranslationResourcesData = { resources: [] };

function notifyUnavailable(): void {
  useNotificationsStore.getState().notify('error', { message: 'TRANSLATION_NOTIFICATIONS.translation-model-unavailable' });
}

export const useTranslationResourcesStore = create<TranslationResourcesState>()(
  persist(
    (set) => ({
      ...initialData,
      status: 'idle',
      async load() {
        set({ status: 'loading' });
        try {
          const resources = await apiClients().api.get('translation/resources', translationResourcesResponseSchema);
          set({ resources, status: 'loaded' });
          if (resources.length === 0) notifyUnavailable();
        } catch (error) {
          console.warn('Failed to load the translation resources', error);
          set({ resources: [], status: 'failed' });
          notifyUnavailable();
        }
      },
    }),
    perUserPersistOptions<TranslationResourcesState, TranslationResourcesData>('translation-resources', initialData, (state) => ({
      resources: state.resources,
    })),
  ),
);
registerPerUserStore(useTranslationResourcesStore);
