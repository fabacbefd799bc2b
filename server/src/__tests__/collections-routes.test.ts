import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  collectionFileListResponseSchema,
  collectionListResponseSchema,
  collectionSummarySchema,
  filePagesResponseSchema,
  ingestionRunSchema,
  ingestionRunsPageSchema,
  uploadConfigSchema,
  uploadResponseSchema,
} from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { exeBytes, multipart, PDF_BYTES, startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

const MB = 1024 * 1024;

for (const target of testDatabaseTargets()) {
  describe(`collections API on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let t: CollectionsTestApp;
    before(async () => {
      handle = await target.open();
      t = await startCollectionsTestApp(handle);
    });
    after(async () => {
      await t.close();
      await handle.close();
    });

    async function create(user: 'employee' | 'other' | 'admin', name: string, scope?: 'personal' | 'company') {
      const response = await t.as(user, { method: 'POST', url: '/api/collections', payload: { name, ...(scope ? { scope } : {}) } });
      assert.equal(response.statusCode, 201, response.body);
      return collectionSummarySchema.parse(response.json());
    }
    async function upload(user: 'employee' | 'other' | 'admin', collectionId: string, files: Parameters<typeof multipart>[0]) {
      return t.as(user, { method: 'POST', url: `/api/collections/${collectionId}/files`, ...multipart(files) });
    }

    it('creates, lists, renames and deletes a personal collection of its owner', async () => {
      const created = await create('employee', '  Travel  ');
      assert.equal(created.name, 'Travel');
      assert.equal(created.scope, 'personal');
      assert.equal(created.file_count, 0);
      assert.equal(created.can_manage, true);

      const list = collectionListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/collections' })).json());
      assert.ok(list.collections.some((c) => c.id === created.id));

      const renamed = await t.as('employee', { method: 'PATCH', url: `/api/collections/${created.id}`, payload: { name: 'Trips' } });
      assert.equal(renamed.statusCode, 200);
      assert.equal(collectionSummarySchema.parse(renamed.json()).name, 'Trips');

      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/collections/${created.id}` })).statusCode, 204);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/collections/${created.id}/files` })).statusCode, 404);
    });

    it('refuses a blank or too long name with 400', async () => {
      assert.equal((await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: '  ' } })).statusCode, 400);
      assert.equal((await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'x'.repeat(101) } })).statusCode, 400);
    });

    it("answers 404 for another user's personal collection and its files, for every call", async () => {
      const mine = await create('employee', 'Private');
      const uploaded = uploadResponseSchema.parse((await upload('employee', mine.id, [{ name: 'note.txt', content: 'secret text' }])).json());
      const fileId = uploaded.files[0]!.fileId;

      const list = collectionListResponseSchema.parse((await t.as('other', { method: 'GET', url: '/api/collections' })).json());
      assert.ok(!list.collections.some((c) => c.id === mine.id));
      const calls = [
        { method: 'GET', url: `/api/collections/${mine.id}` },
        { method: 'GET', url: `/api/collections/${mine.id}/files` },
        { method: 'PATCH', url: `/api/collections/${mine.id}`, payload: { name: 'Mine now' } },
        { method: 'DELETE', url: `/api/collections/${mine.id}` },
        { method: 'GET', url: `/api/files/${fileId}/content` },
        { method: 'GET', url: `/api/files/${fileId}/pages` },
        { method: 'DELETE', url: `/api/files/${fileId}` },
        { method: 'GET', url: `/api/ingestion/runs/${uploaded.files[0]!.runId}` },
        { method: 'GET', url: `/api/ingestion/runs?collection_id=${mine.id}` },
      ] as const;
      for (const call of calls) {
        const response = await t.as('other', call);
        assert.equal(response.statusCode, 404, `${call.method} ${call.url}: ${response.body}`);
      }
      // Administrators do not see personal collections either.
      assert.equal((await t.as('admin', { method: 'GET', url: `/api/collections/${mine.id}/files` })).statusCode, 404);
      const refused = await upload('other', mine.id, [{ name: 'x.txt', content: 'x' }]);
      assert.equal(refused.statusCode, 404);
      const runs = ingestionRunsPageSchema.parse((await t.as('other', { method: 'GET', url: '/api/ingestion/runs' })).json());
      assert.ok(!runs.runs.some((run) => run.fileId === fileId));
      // Still there for its owner.
      const files = collectionFileListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/collections/${mine.id}/files` })).json());
      assert.equal(files.files.length, 1);
    });

    it('lets every employee read company collections and only administrators change them (403)', async () => {
      assert.equal((await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Policies', scope: 'company' } })).statusCode, 403);
      const company = await create('admin', 'Policies', 'company');
      assert.equal(company.scope, 'company');
      const uploaded = await upload('admin', company.id, [{ name: 'policy.md', content: '# Policy\n\nBe kind.' }]);
      assert.equal(uploaded.statusCode, 201, uploaded.body);
      const fileId = uploadResponseSchema.parse(uploaded.json()).files[0]!.fileId;

      const one = await t.as('employee', { method: 'GET', url: `/api/collections/${company.id}` });
      assert.equal(one.statusCode, 200);
      assert.deepEqual(
        (({ name, scope, file_count, can_manage }) => ({ name, scope, file_count, can_manage }))(collectionSummarySchema.parse(one.json())),
        { name: 'Policies', scope: 'company', file_count: 1, can_manage: false },
      );
      const list = collectionListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/collections?scope=company' })).json());
      const seen = list.collections.find((c) => c.id === company.id);
      assert.ok(seen);
      assert.equal(seen.file_count, 1);
      assert.equal(seen.can_manage, false);
      const files = await t.as('employee', { method: 'GET', url: `/api/collections/${company.id}/files` });
      assert.equal(files.statusCode, 200);
      const content = await t.as('employee', { method: 'GET', url: `/api/files/${fileId}/content` });
      assert.equal(content.statusCode, 200);
      assert.equal(content.body, '# Policy\n\nBe kind.');
      assert.equal(content.headers['content-type'], 'text/markdown; charset=utf-8');

      for (const call of [
        { method: 'PATCH', url: `/api/collections/${company.id}`, payload: { name: 'Mine' } },
        { method: 'DELETE', url: `/api/collections/${company.id}` },
        { method: 'DELETE', url: `/api/files/${fileId}` },
      ] as const) {
        assert.equal((await t.as('employee', call)).statusCode, 403, `${call.method} ${call.url}`);
      }
      assert.equal((await upload('employee', company.id, [{ name: 'x.txt', content: 'x' }])).statusCode, 403);

      assert.equal((await t.as('admin', { method: 'PATCH', url: `/api/collections/${company.id}`, payload: { name: 'HR policies' } })).statusCode, 200);
      assert.equal((await t.as('admin', { method: 'DELETE', url: `/api/collections/${company.id}` })).statusCode, 204);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/collections/${company.id}/files` })).statusCode, 404);
    });

    it('stores an upload under a server-made name, records the file and a created run, and nudges the runner', async () => {
      const collection = await create('employee', 'Uploads');
      const nudgesBefore = t.nudges();
      const response = await upload('employee', collection.id, [
        { name: 'report.pdf', content: PDF_BYTES, type: 'application/pdf' },
        { name: '../../etc/notes.txt', content: 'Grüße aus Köln' },
      ]);
      assert.equal(response.statusCode, 201, response.body);
      const answer = uploadResponseSchema.parse(response.json());
      assert.deepEqual(
        answer.files.map((f) => [f.name, f.mediaType, f.version, f.size, f.status, f.stageId]),
        [
          ['report.pdf', 'application/pdf', 1, PDF_BYTES.length, 'uploaded', collection.id],
          ['notes.txt', 'text/plain', 1, Buffer.byteLength('Grüße aus Köln'), 'uploaded', collection.id],
        ],
      );
      assert.ok(t.nudges() > nudgesBefore);
      const stored = await t.storedFiles();
      for (const file of answer.files) assert.ok(stored.includes(file.fileId), `bytes of ${file.name} stored under its id`);
      assert.ok(!stored.some((name) => name.includes('report') || name.includes('notes')));

      const run = ingestionRunSchema.parse((await t.as('employee', { method: 'GET', url: `/api/ingestion/runs/${answer.files[0]!.runId}` })).json());
      assert.equal(run.status, 'created');
      assert.equal(run.metadata?.fileName, 'report.pdf');
      assert.equal(run.metadata?.documentType, 'pdf');

      const page = ingestionRunsPageSchema.parse(
        (await t.as('employee', { method: 'GET', url: `/api/ingestion/runs?collection_id=${collection.id}&page=1&size=1` })).json(),
      );
      assert.equal(page.total, 2);
      assert.equal(page.runs.length, 1);

      const content = await t.as('employee', { method: 'GET', url: `/api/files/${answer.files[0]!.fileId}/content` });
      assert.equal(content.statusCode, 200);
      assert.equal(content.headers['content-type'], 'application/pdf');
      assert.equal(content.headers['content-disposition'], "inline; filename*=UTF-8''report.pdf");
      assert.equal(content.headers['x-content-type-options'], 'nosniff');
      assert.deepEqual(content.rawPayload, PDF_BYTES);
    });

    it('makes a new version when a name is uploaded again', async () => {
      const collection = await create('employee', 'Versions');
      await upload('employee', collection.id, [{ name: 'Plan.txt', content: 'one' }]);
      const second = uploadResponseSchema.parse((await upload('employee', collection.id, [{ name: 'Plan.txt', content: 'two' }])).json());
      assert.equal(second.files[0]!.version, 2);
      const files = collectionFileListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/collections/${collection.id}/files` })).json());
      assert.deepEqual(files.files.map((f) => f.version).sort(), [1, 2]);
    });

    it('refuses 20 MB + 1 byte with 413 and keeps nothing: no row, no bytes on disk', async () => {
      const collection = await create('employee', 'Big');
      const before = await t.storedFiles();
      const big = Buffer.alloc(20 * MB + 1, 0x61);
      const response = await upload('employee', collection.id, [
        { name: 'small.txt', content: 'fine' },
        { name: 'big.txt', content: big },
      ]);
      assert.equal(response.statusCode, 413, response.body);
      assert.match(response.json().message, /"big.txt" is larger than the upload limit of 20 MB/);
      assert.deepEqual(await t.storedFiles(), before);
      const files = collectionFileListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/collections/${collection.id}/files` })).json());
      assert.equal(files.files.length, 0);
      // Exactly 20 MB is within the limit.
      const exact = await upload('employee', collection.id, [{ name: 'exact.txt', content: Buffer.alloc(20 * MB, 0x61) }]);
      assert.equal(exact.statusCode, 201, exact.body);
    });

    it('answers the 413 over real HTTP too, while the client is still sending', async () => {
      const collection = await create('employee', 'Over HTTP');
      const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const body = multipart([{ name: 'huge.txt', content: Buffer.alloc(30 * MB, 0x61) }]);
      const response = await fetch(`${origin}/api/collections/${collection.id}/files`, {
        method: 'POST',
        body: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${await t.token('employee')}` },
      });
      assert.equal(response.status, 413);
      assert.match(((await response.json()) as { message: string }).message, /"huge.txt" is larger than the upload limit of 20 MB/);
      assert.ok(!(await t.storedFiles()).some((name) => name.startsWith('.incoming/')));
    });

    it('refuses a spoofed type with 415 by content, whatever the name and the sent content type', async () => {
      const collection = await create('employee', 'Spoof');
      const before = await t.storedFiles();
      const exe = await upload('employee', collection.id, [{ name: 'invoice.pdf', content: exeBytes(), type: 'application/pdf' }]);
      assert.equal(exe.statusCode, 415, exe.body);
      assert.match(exe.json().message, /"invoice.pdf" is application\/x-msdownload \(\.exe\) by its content/);
      const text = await upload('employee', collection.id, [{ name: 'scan.pdf', content: 'just text' }]);
      assert.equal(text.statusCode, 415);
      assert.match(text.json().message, /named \.pdf but its content is text/);
      const binary = await upload('employee', collection.id, [{ name: 'notes.txt', content: Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]) }]);
      assert.equal(binary.statusCode, 415);
      assert.deepEqual(await t.storedFiles(), before);
    });

    it('deletes a file with its bytes, and a collection with all of its files', async () => {
      const collection = await create('employee', 'Doomed');
      const answer = uploadResponseSchema.parse(
        (await upload('employee', collection.id, [{ name: 'a.txt', content: 'a' }, { name: 'b.html', content: '<p>b</p>' }])).json(),
      );
      const [a, b] = answer.files;
      assert.ok(existsSync(join(t.storage.root, a!.fileId)));
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/files/${a!.fileId}` })).statusCode, 204);
      assert.ok(!existsSync(join(t.storage.root, a!.fileId)));
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/files/${a!.fileId}/content` })).statusCode, 404);

      await t.db.insertInto('document_pages').values({ file_id: b!.fileId, page_number: 1, text: 'b', wordcount: 1, boxes: '[]' }).execute();
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/collections/${collection.id}` })).statusCode, 204);
      assert.ok(!existsSync(join(t.storage.root, b!.fileId)));
      const left = await t.db.selectFrom('document_pages').select('file_id').where('file_id', '=', b!.fileId).execute();
      assert.equal(left.length, 0);
      const runs = await t.db.selectFrom('ingestion_runs').select('id').where('file_id', '=', b!.fileId).execute();
      assert.equal(runs.length, 0);
    });

    it('serves HTML in a sandbox and the text layer as the spec document pages', async () => {
      const collection = await create('employee', 'Preview');
      const answer = uploadResponseSchema.parse((await upload('employee', collection.id, [{ name: 'Straße & Co.html', content: '<script>alert(1)</script><p>Hallo</p>' }])).json());
      const fileId = answer.files[0]!.fileId;
      const content = await t.as('employee', { method: 'GET', url: `/api/files/${fileId}/content` });
      assert.equal(content.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(String(content.headers['content-security-policy']), /^sandbox; default-src 'none'/);
      assert.equal(content.headers['content-disposition'], "inline; filename*=UTF-8''Stra%C3%9Fe%20%26%20Co.html");

      const empty = filePagesResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/files/${fileId}/pages` })).json());
      assert.deepEqual(empty.pages, []);
      await t.db
        .insertInto('document_pages')
        .values({
          file_id: fileId,
          page_number: 1,
          text: 'Hallo Welt',
          wordcount: 2,
          boxes: JSON.stringify([{ left: 0.1, top: 0.1, right: 0.4, bottom: 0.15, start: 0, end: 5 }, { left: 0.5, top: 0.1, right: 0.9, bottom: 0.15, start: 6, end: 10 }]),
        })
        .execute();
      const pages = filePagesResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/files/${fileId}/pages` })).json());
      assert.deepEqual(pages.pages, [
        {
          reference_id: fileId,
          wordcount: 2,
          page_number: 1,
          text: 'Hallo Welt',
          bounding_boxes: [
            { left: 0.1, top: 0.1, right: 0.4, bottom: 0.15, anchor_point: 0 },
            { left: 0.5, top: 0.1, right: 0.9, bottom: 0.15, anchor_point: 6 },
          ],
        },
      ]);
    });

    it("answers the upload config of the signed-in user only, with a default personal collection made once", async () => {
      const response = await t.as('other', { method: 'GET', url: '/api/qa/upload-config/other-employee' });
      assert.equal(response.statusCode, 200, response.body);
      const config = uploadConfigSchema.parse(response.json());
      const id = config.upload_ingestion_context.destinationContext.repositoryID;
      assert.equal(config.upload_url, `/api/collections/${id}/files`);
      assert.equal(config.status_base_url, '/api/ingestion/runs');
      assert.equal(config.upload_ingestion_context.connectorContext, null);
      const again = uploadConfigSchema.parse((await t.as('other', { method: 'GET', url: '/api/qa/upload-config/other-employee' })).json());
      assert.equal(again.upload_ingestion_context.destinationContext.repositoryID, id);
      assert.equal((await upload('other', id, [{ name: 'x.txt', content: 'x' }])).statusCode, 201);

      assert.equal((await t.as('other', { method: 'GET', url: '/api/qa/upload-config/employee' })).statusCode, 404);
    });

    it('needs a bearer token', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/collections' })).statusCode, 401);
    });
  });
}
