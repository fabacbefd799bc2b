import { apiClients } from '@assistant/platform';
import { downloadBlob } from '@assistant/ui';
import { sharedConversationPath } from './get-shared-conversation';

/**
 * GET /api/shared/conversations/{id}/files/{fileId}: an attachment the owner shared with the
 * snapshot, saved as a download (the call needs the bearer token, so it is no plain link).
 */
export async function downloadSharedAttachment(snapshotId: string, attachment: { file_id: string; name: string }): Promise<void> {
  const response = await apiClients().api.request('GET', `${sharedConversationPath(snapshotId)}/files/${encodeURIComponent(attachment.file_id)}`, undefined, { accept: '*/*' });
  downloadBlob(await response.blob(), attachment.name);
}
