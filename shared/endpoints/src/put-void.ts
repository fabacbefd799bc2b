import { apiClients } from '@assistant/platform';

/** PUT whose answer's body nobody reads (the caller asks its queries again); an error still throws. */
export async function putVoid(path: string, body?: unknown): Promise<void> {
  const response = await apiClients().api.request('PUT', path, body);
  response.body?.cancel().catch(() => undefined);
}
