import { shareListResponseSchema } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';

const path = (id: string) => `shares/conversation/${encodeURIComponent(id)}`;

/**
 * The share dialog of a browser-kept conversation closed: when its copy on the server is shared
 * with nobody, it is removed (DELETE shares, which takes the snapshot away), so the server keeps
 * only what colleagues can read.
 */
export async function forgetUnsharedCopy(snapshotId: string): Promise<void> {
  const { shares } = await apiClients().api.get(path(snapshotId), shareListResponseSchema);
  if (shares.length === 0) await apiClients().api.delete(path(snapshotId));
}
