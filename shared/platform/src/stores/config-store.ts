import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { configSchema, defaultConfig, type Config } from '@assistant/contracts/startup';
import { apiClients } from '../http/api-clients';
import { useNotificationsStore } from '../notifications/notifications-store';
import { perUserPersistOptions, registerPerUserStore } from './per-user-persistence';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface ConfigData {
  config: Config;
}

interface ConfigState extends ConfigData {
  status: LoadStatus;
  /** GET /api/config; on failure the defaults with hasError plus the CONFIG.error notification. */
  load(): Promise<void>;
}

/** Reloads the page: the action of the CONFIG.error notification (replaceable in tests). */
export const pageReloader = { reload: () => window.location.reload() };

const initialData: ConfigData = { config: defaultConfig(false) };

export const useConfigStore = create<ConfigState>()(
  persist(
    (set) => ({
      ...initialData,
      status: 'idle',
      async load() {
        set({ status: 'loading' });
        try {
          const config = await apiClients().api.get('config', configSchema);
          set({ config, status: 'loaded' });
        } catch (error) {
          console.warn('Failed to load the configuration; using defaults', error);
          set({ config: defaultConfig(true), status: 'failed' });
          useNotificationsStore.getState().notify('error', {
            message: 'CONFIG.error',
            action: { labelKey: 'CONFIG.refresh-page', onAction: () => pageReloader.reload() },
          });
        }
      },
    }),
    perUserPersistOptions<ConfigState, ConfigData>('config', initialData, (state) => ({ config: state.config })),
  ),
);
registerPerUserStore(useConfigStore);

/** The request timeout of every API client: config requestTimeoutInSeconds x 1000, read now. */
export function requestTimeoutMs(): number {
  return useConfigStore.getState().config.requestTimeoutInSeconds * 1000;
}
