import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import * as z from 'zod/mini';
import { perUserPersistOptions, registerPerUserStore } from '../stores/per-user-persistence';

/**
 * Whether the user switched developer mode on (docs/developer-mode.md), kept per user like the
 * other per-user stores (`assistant.developer-mode.<sub>`). The switch alone does not show
 * anything: the user must also hold the DeveloperMode permission (useDeveloperMode).
 */
interface DeveloperModeState {
  enabled: boolean;
  setEnabled(enabled: boolean): void;
}

const storedSchema = z.object({ enabled: z.catch(z.boolean(), false) });

export const useDeveloperModeStore = create<DeveloperModeState>()(
  persist(
    (set) => ({
      enabled: false,
      setEnabled(enabled) {
        set({ enabled });
      },
    }),
    {
      ...perUserPersistOptions<DeveloperModeState, { enabled: boolean }>('developer-mode', { enabled: false }, (state) => ({ enabled: state.enabled })),
      // Read back leniently: anything but a boolean is "off".
      merge: (persisted, current) => {
        const stored = storedSchema.safeParse(persisted ?? {});
        return { ...current, enabled: stored.success ? stored.data.enabled : false };
      },
    },
  ),
);
registerPerUserStore(useDeveloperModeStore);
