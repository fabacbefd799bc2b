import { adminSettingsSchema, type AdminSettings } from '@assistant/contracts';
import { apiClients, queryOptions, RequestAbortedError, useQuery } from '@assistant/platform';

export const adminSettingsKeys = {
  all: ['admin-settings'] as const,
};

/** GET /api/admin/settings: feature flags, feature set and customization as stored (administrators only). */
export async function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiClients().api.get('admin/settings', adminSettingsSchema, { signal });
}

export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: adminSettingsKeys.all,
    queryFn: async ({ signal }) => {
      try {
        return await getAdminSettings(signal);
      } catch (error) {
        if (!(error instanceof RequestAbortedError)) console.error('Loading the settings failed', error);
        throw error;
      }
    },
  });

export const useAdminSettingsQuery = () => useQuery(adminSettingsQuery());
