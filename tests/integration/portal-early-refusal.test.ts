import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { collectionSummarySchema } from '@assistant/contracts';
import type { FastifyInstance } from 'fastify';
import { createPortalServer } from '../../scripts/serve-portal.mjs';
import type { DatabaseHandle } from '../../server/src/db/database';
import { openTestPglite } from '../../server/src/testing/test-pglite';
import { multipart, startCollectionsTestApp, type CollectionsTestApp } from '../../server/src/__tests__/support/collections-test-app';

const MB = 1024 * 1024;

/**
 * The portal proxies /api to the API server over kept-alive connections. An upload the API
 * refuses early (413 while the body is still arriving) must not leave such a connection stuck:
 * the next request through the portal, of another user, is answered at once.
 */
describe('an upload refused early, through the portal proxy', () => {
  let handle: DatabaseHandle;
  let api: CollectionsTestApp;
  let portal: FastifyInstance;
  let portalUrl: string;
  let distDir: string;
  let collectionId: string;
  before(async () => {
    handle = await openTestPglite();
    api = await startCollectionsTestApp(handle, { MAX_FILE_UPLOAD_MB: '1' });
    const created = await api.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Uploads' } });
    collectionId = collectionSummarySchema.parse(created.json()).id;
    const apiUrl = await api.app.listen({ host: '127.0.0.1', port: 0 });
    distDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>t</title>');
    portal = await createPortalServer({
      distDir,
      apiUrl,
      registry: () => ({ remotes: [] }),
      portalConfig: () => ({ oidc: { authority: 'http://localhost:1', clientId: 'x' } }),
    });
    portalUrl = await portal.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    portal.server.closeAllConnections();
    await portal.close();
    await api.close();
    await handle.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  for (const size of [3 * MB, 12 * MB]) {
    it(`answers another user's request at once after a ${size / MB} MB upload over the limit`, async () => {
      const body = multipart([{ name: 'huge.txt', content: Buffer.alloc(size, 0x61) }]);
      const refused = await fetch(`${portalUrl}/api/collections/${collectionId}/files`, {
        method: 'POST',
        body: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${await api.token('employee')}` },
      }).catch((error: unknown) => error as Error);
      // The client may see the 413 or, when the portal stopped reading, a closed connection.
      if (!(refused instanceof Error)) assert.equal(refused.status, 413, await refused.text());

      const started = Date.now();
      const next = await fetch(`${portalUrl}/api/collections`, {
        headers: { authorization: `Bearer ${await api.token('other')}` },
        signal: AbortSignal.timeout(15_000),
      });
      assert.equal(next.status, 200, await next.text());
      assert.ok(Date.now() - started < 5_000, `answered after ${Date.now() - started} ms`);
    });
  }
});
