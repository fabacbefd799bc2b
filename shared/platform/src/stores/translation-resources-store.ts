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
   * (either way nothing can be translated). Calls while a load is under way share it: one request
   * and at most one notice (a screen's entry effect runs twice in StrictMode).
   */
  load(): Promise<void>;
}

const initialData: TranslationResourcesData = { resources: [] };

function notifyUnavailable(): void {
  useNotificationsStore.getState().notify('error', { message: 'TRANSLATION_NOTIFICATIONS.translation-model-unavailable' });
}

let loading: Promise<void> | null = null;

export const useTranslationResourcesStore = create<TranslationResourcesState>()(
  persist(
    (set) => ({
      ...initialData,
      status: 'idle',
      load() {
        loading ??= (async () => {
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
        })().finally(() => {
          loading = null;
        });
        return loading;
      },
    }),
    perUserPersistOptions<TranslationResourcesState, TranslationResourcesData>('translation-resources', initialData, (state) => ({
      resources: state.resources,
    })),
  ),
);
registerPerUserStore(useTranslationResourcesStore);
