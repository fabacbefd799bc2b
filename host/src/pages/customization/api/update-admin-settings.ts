import { adminSettingsSchema, type AdminSettings, type AdminSettingsPatch } from '@assistant/contracts';
import { apiClients, useConfigStore, useGatingStore, useMutation, useQueryClient } from '@assistant/platform';
import { adminSettingsKeys } from './get-admin-settings';

/**
 * PATCH /api/admin/settings: flags merge into the stored ones, feature set and customization
 * replace them; the answer is the settings as now stored (undefined for an empty answer).
 */
export async function updateAdminSettings(patch: AdminSettingsPatch, signal?: AbortSignal): Promise<AdminSettings | undefined> {
  return apiClients().api.patch('admin/settings', patch, adminSettingsSchema, { signal });
}

/**
 * What the shell shows from the settings, read again from where it comes from at start-up: the
 * flags, then the feature set (SPEC section 4's order; the shell layout and every `useFlag` /
 * `useFeature` follow at once) and the configuration (its customization: name, colours, fonts,
 * favicon, texts, sign-language videos). These stay the platform's stores because the shell loads
 * them before React mounts. The route table and the main navigation are built once at start-up
 * and follow at the next page load.
 */
export async function refreshShellSettings(): Promise<void> {
  await Promise.all([useGatingStore.getState().load(), useConfigStore.getState().load()]);
}

/**
 * Saves the settings. On success the cached settings become the answer (or are loaded again when
 * the server sent none) and the shell's flags, feature set and customization are reloaded before
 * the mutation counts as done, so the administrator sees the change without a page reload.
 */
export function useUpdateAdminSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...adminSettingsKeys.all, 'update'],
    mutationFn: (patch: AdminSettingsPatch) => updateAdminSettings(patch),
    onSuccess: async (saved) => {
      if (saved) client.setQueryData(adminSettingsKeys.all, saved);
      else await client.invalidateQueries({ queryKey: adminSettingsKeys.all });
      await refreshShellSettings();
    },
  });
}
