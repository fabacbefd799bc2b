import { apiClients } from '@assistant/platform';

/** DELETE /api/projects/{id}/files/{fileId}: the file leaves the project (owner and editors). */
export async function deleteProjectFile(projectId: string, fileId: string): Promise<void> {
  await apiClients().api.delete(`projects/${encodeURIComponent(projectId)}/files/${encodeURIComponent(fileId)}`);
}
