import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClients, setApiClients } from '../../http/api-clients';
import { ResponseValidationError } from '../../http/errors';
import { uploadOneFile } from '../upload-one-file';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => setApiClients(createApiClients({ getToken: () => 'token-1', onUnauthenticated: jest.fn(), retryDelayMs: 0 })));

const file = () => new NodeFile(['hello world'], 'notes.txt', { type: 'text/plain' }) as unknown as File;
const FILE_ID = '11111111-1111-4111-8111-111111111111';
const stored = {
  fileId: FILE_ID,
  stageId: '22222222-2222-4222-8222-222222222222',
  name: 'notes.txt',
  version: 1,
  mediaType: 'text/plain',
  size: 11,
  status: 'uploaded',
  createdAt: '2026-03-05T10:00:00.000Z',
  updatedAt: '2026-03-05T10:00:00.000Z',
  runId: '33333333-3333-4333-8333-333333333333',
};

describe('uploadOneFile', () => {
  it('answers the one stored file of the upload answer', async () => {
    server.use(http.post('*/api/collections/c1/files', () => HttpResponse.json({ files: [stored] }, { status: 201 })));
    await expect(uploadOneFile('collections/c1/files', file())).resolves.toMatchObject({ fileId: FILE_ID, status: 'uploaded' });
  });

  it('fails as an unreadable answer when the answer lists no file', async () => {
    server.use(http.post('*/api/collections/c1/files', () => HttpResponse.json({ files: [] }, { status: 201 })));
    await expect(uploadOneFile('collections/c1/files', file())).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
