import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  collectionFileListResponseSchema,
  collectionListResponseSchema,
  conversationSchema,
  filePagesResponseSchema,
  ingestionRunsPageSchema,
  uploadResponseSchema,
} from '@assistant/contracts';
import { sql } from 'kysely';
import { makeDocx } from '../../../tests/fixtures/documents/make-documents';
import type { DatabaseHandle } from '../db/database';
import { defaultIngestionDependencies } from '../ingestion/default-dependencies';
import { ingestionJobRunner } from '../ingestion/ingestion-job';
import { testDatabaseTargets } from '../testing/test-databases';
import { exeBytes, multipart, startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

type User = 'employee' | 'other';

for (const target of testDatabaseTargets()) {
  describe(`conversation attachments on ${target.name}`, () => {
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

    async function conversation(user: User = 'employee') {
      const response = await t.as(user, { method: 'POST', url: '/api/conversations?name=Attachments' });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json()).id;
    }
    function upload(user: User, conversationId: string, files: Parameters<typeof multipart>[0]) {
      return t.as(user, { method: 'POST', url: `/api/conversations/${conversationId}/files`, ...multipart(files) });
    }
    async function listed(user: User, conversationId: string) {
      const response = await t.as(user, { method: 'GET', url: `/api/conversations/${conversationId}/files` });
      assert.equal(response.statusCode, 200, response.body);
      return collectionFileListResponseSchema.parse(response.json()).files;
    }
    const ingest = () => ingestionJobRunner({ db: handle.db, storage: t.storage, deps: defaultIngestionDependencies }).drain();
    const count = async (table: 'collections' | 'files' | 'passages' | 'document_pages' | 'ingestion_runs', ids: { collectionId: string }) => {
      const column = table === 'collections' ? sql.ref('id') : table === 'passages' || table === 'files' ? sql.ref('collection_id') : undefined;
      const where = column
        ? sql`${column} = ${ids.collectionId}::uuid`
        : sql`file_id in (select id from files where collection_id = ${ids.collectionId}::uuid)`;
      const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(handle.db);
      return Number(rows[0]!.n);
    };

    it('takes files like a collection does, ingests them, lists them with their status and previews them for the owner only', async () => {
      const id = await conversation();
      assert.deepEqual(await listed('employee', id), [], 'no attachments yet');
      const response = await upload('employee', id, [
        { name: 'Memo.docx', content: Buffer.from(makeDocx(['The travel policy applies to every trip.'])) },
        { name: 'notes.txt', content: 'Bring the badge.' },
      ]);
      assert.equal(response.statusCode, 201, response.body);
      const uploaded = uploadResponseSchema.parse(response.json()).files;
      assert.deepEqual(uploaded.map((f) => [f.name, f.status]), [['Memo.docx', 'uploaded'], ['notes.txt', 'uploaded']]);
      const collectionId = uploaded[0]!.stageId;
      assert.ok(uploaded.every((f) => f.stageId === collectionId), 'one collection per conversation');
      // A second upload goes into the same collection.
      const more = uploadResponseSchema.parse((await upload('employee', id, [{ name: 'later.md', content: '# Later' }])).json()).files;
      assert.equal(more[0]!.stageId, collectionId);

      await ingest();
      const files = await listed('employee', id);
      assert.deepEqual(files.map((f) => [f.name, f.status]).sort(), [['Memo.docx', 'processed'], ['later.md', 'processed'], ['notes.txt', 'processed']]);

      // The preview calls work for the owner.
      const memo = uploaded[0]!.fileId;
      const pages = filePagesResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/files/${memo}/pages` })).json());
      assert.match(pages.pages[0]!.text ?? '', /travel policy/);
      const content = await t.as('employee', { method: 'GET', url: `/api/files/${uploaded[1]!.fileId}/content` });
      assert.equal(content.statusCode, 200);
      assert.equal(content.body, 'Bring the badge.');

      // Never among the collections, and not reachable as one.
      for (const scope of ['personal', 'company']) {
        const list = collectionListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/collections?scope=${scope}` })).json());
        assert.ok(!list.collections.some((c) => c.id === collectionId), scope);
      }
      for (const call of [
        { method: 'GET', url: `/api/collections/${collectionId}` },
        { method: 'GET', url: `/api/collections/${collectionId}/files` },
        { method: 'PATCH', url: `/api/collections/${collectionId}`, payload: { name: 'Mine now' } },
        { method: 'DELETE', url: `/api/collections/${collectionId}` },
        { method: 'GET', url: `/api/collections/${collectionId}/search?q=travel` },
      ] as const) {
        assert.equal((await t.as('employee', call)).statusCode, 404, `${call.method} ${call.url}`);
      }
      const intoCollection = await t.as('employee', { method: 'POST', url: `/api/collections/${collectionId}/files`, ...multipart([{ name: 'x.txt', content: 'x' }]) });
      assert.equal(intoCollection.statusCode, 404);
      // Nor are their ingestion runs among the collections' runs.
      const runs = ingestionRunsPageSchema.parse((await t.as('employee', { method: 'GET', url: '/api/ingestion/runs' })).json());
      assert.equal(runs.total, 0, 'attachment runs are listed with their conversation only');

      // Another user reaches neither the conversation's files nor the files themselves.
      for (const call of [
        { method: 'GET', url: `/api/conversations/${id}/files` },
        { method: 'DELETE', url: `/api/conversations/${id}/files/${memo}` },
        { method: 'GET', url: `/api/files/${memo}/pages` },
        { method: 'GET', url: `/api/files/${memo}/content` },
        { method: 'DELETE', url: `/api/files/${memo}` },
      ] as const) {
        assert.equal((await t.as('other', call)).statusCode, 404, `${call.method} ${call.url}`);
      }
      assert.equal((await upload('other', id, [{ name: 'x.txt', content: 'x' }])).statusCode, 404);
      assert.equal((await listed('employee', id)).length, 3, 'nothing changed for the owner');
    });

    it('refuses what collections refuse (415, empty form) and keeps nothing', async () => {
      const id = await conversation();
      const before = await t.storedFiles();
      const refused = await upload('employee', id, [{ name: 'setup.exe', content: exeBytes() }]);
      assert.equal(refused.statusCode, 415, refused.body);
      assert.equal(refused.json().code, 'unsupported_media_type');
      const notMultipart = await t.as('employee', { method: 'POST', url: `/api/conversations/${id}/files`, payload: { files: [] } });
      assert.equal(notMultipart.statusCode, 415);
      assert.deepEqual(await t.storedFiles(), before);
      assert.deepEqual(await listed('employee', id), []);
      const missing = await upload('employee', '00000000-0000-4000-8000-000000000000', [{ name: 'x.txt', content: 'x' }]);
      assert.equal(missing.statusCode, 404);
    });

    it('deletes one attachment (row and bytes) and no file of another conversation', async () => {
      const first = await conversation();
      const second = await conversation();
      const [kept] = uploadResponseSchema.parse((await upload('employee', first, [{ name: 'keep.txt', content: 'keep' }])).json()).files;
      const [gone] = uploadResponseSchema.parse((await upload('employee', second, [{ name: 'gone.txt', content: 'gone' }])).json()).files;
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/conversations/${first}/files/${gone!.fileId}` })).statusCode, 404);
      const deleted = await t.as('employee', { method: 'DELETE', url: `/api/conversations/${second}/files/${gone!.fileId}` });
      assert.equal(deleted.statusCode, 204, deleted.body);
      assert.deepEqual(await listed('employee', second), []);
      const stored = await t.storedFiles();
      assert.ok(!stored.includes(gone!.fileId), 'its bytes are removed');
      assert.ok(stored.includes(kept!.fileId));
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/conversations/${second}/files/${gone!.fileId}` })).statusCode, 404);
    });

    it('removes the attachments with their conversation: collection, files, runs, pages, passages and the bytes on disk', async () => {
      const id = await conversation();
      const other = await conversation();
      const response = await upload('employee', id, [
        { name: 'Memo.docx', content: Buffer.from(makeDocx(['The travel policy applies to every trip.'])) },
        { name: 'notes.txt', content: 'Bring the badge.' },
      ]);
      const files = uploadResponseSchema.parse(response.json()).files;
      const [survivor] = uploadResponseSchema.parse((await upload('employee', other, [{ name: 'other.txt', content: 'stays' }])).json()).files;
      await ingest();
      const ids = { collectionId: files[0]!.stageId };
      assert.equal(await count('collections', ids), 1);
      assert.equal(await count('files', ids), 2);
      assert.ok((await count('passages', ids)) > 0);
      assert.ok((await count('document_pages', ids)) > 0);
      assert.equal(await count('ingestion_runs', ids), 2);
      const storedBefore = await t.storedFiles();
      for (const file of files) assert.ok(storedBefore.includes(file.fileId));

      assert.equal((await t.as('other', { method: 'DELETE', url: `/api/conversations/${id}` })).statusCode, 404);
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/conversations/${id}` })).statusCode, 204);

      for (const table of ['collections', 'files', 'passages', 'document_pages', 'ingestion_runs'] as const) {
        assert.equal(await count(table, ids), 0, `${table} rows are gone`);
      }
      const storedAfter = await t.storedFiles();
      for (const file of files) assert.ok(!storedAfter.includes(file.fileId), `the bytes of ${file.name} are gone`);
      assert.ok(storedAfter.includes(survivor!.fileId), "another conversation's attachment stays");
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/files/${files[0]!.fileId}/content` })).statusCode, 404);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/files` })).statusCode, 404);
    });
  });
}
