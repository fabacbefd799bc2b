import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { createApiClients, setApiClients } from '../api-clients';
import { ApiRequestError, RequestAbortedError, ResponseValidationError } from '../errors';
import { uploadWithProgress } from '../upload-with-progress';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => setApiClients(createApiClients({ getToken: () => 'token-1', onUnauthenticated: jest.fn(), retryDelayMs: 0 })));

const answer = z.object({ name: z.string(), size: z.number() });
/** A browser File whose bytes FormData (Node's, in jest-fixed-jsdom) accepts. */
const file = () => new NodeFile(['hello world'], 'notes.txt', { type: 'text/plain' }) as unknown as File;

describe('uploadWithProgress', () => {
  it('posts the file as multipart with the bearer token and answers the checked JSON, reporting progress', async () => {
    let authorization: string | null = null;
    server.use(
      http.post('*/api/things/:id/files', async ({ request, params }) => {
        authorization = request.headers.get('authorization');
        const sent = (await request.formData()).get('file') as File;
        return HttpResponse.json({ name: `${String(params.id)}/${sent.name}`, size: sent.size }, { status: 201 });
      }),
    );
    const progress = jest.fn();
    await expect(uploadWithProgress('things/a1/files', file(), answer, { onProgress: progress })).resolves.toEqual({ name: 'a1/notes.txt', size: 11 });
    expect(authorization).toBe('Bearer token-1');
    expect(progress).toHaveBeenLastCalledWith({ loaded: expect.any(Number), total: expect.any(Number) });
  });

  it('fails like every other call: a refusal with its status and body, an answer of the wrong shape, an abort', async () => {
    server.use(
      http.post('*/api/too-large', () =>
        HttpResponse.json({ statusCode: 413, error: 'Payload Too Large', message: 'too big', code: 'payload_too_large', limit: { value: 10, unit: 'bytes' } }, { status: 413 }),
      ),
      http.post('*/api/odd', () => HttpResponse.json({ unexpected: true })),
    );
    const refused = await uploadWithProgress('too-large', file(), answer).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).status).toBe(413);
    expect((refused as ApiRequestError).body?.limit).toEqual({ value: 10, unit: 'bytes' });
    await expect(uploadWithProgress('odd', file(), answer)).rejects.toBeInstanceOf(ResponseValidationError);
    const controller = new AbortController();
    controller.abort();
    await expect(uploadWithProgress('odd', file(), answer, { signal: controller.signal })).rejects.toBeInstanceOf(RequestAbortedError);
  });
});
