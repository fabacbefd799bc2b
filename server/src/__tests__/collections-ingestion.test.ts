import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  collectionFileListResponseSchema,
  collectionSearchResponseSchema,
  collectionSummarySchema,
  filePagesResponseSchema,
  ingestionRunSchema,
  ingestionRunsPageSchema,
  uploadResponseSchema,
} from '@assistant/contracts';
import { makeCorruptPdf, makeDocx, makePdf, makeZip } from '../../../tests/fixtures/documents/make-documents';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { defaultIngestionDependencies } from '../ingestion/default-dependencies';
import { ingestionJobRunner } from '../ingestion/ingestion-job';
import { multipart, startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

/** Upload through the API, ingestion with the real parser and indexer, and what the interface then reads. */
describe('collections: upload to processed', () => {
  let handle: DatabaseHandle;
  let t: CollectionsTestApp;
  before(async () => {
    handle = await openTestPglite();
    t = await startCollectionsTestApp(handle);
  });
  after(async () => {
    await t.close();
    await handle.close();
  });

  it('takes a PDF and a DOCX to processed with pages, and says why a corrupt PDF failed', async () => {
    const collection = collectionSummarySchema.parse(
      (await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Reports' } })).json(),
    );
    const uploaded = await t.as('employee', {
      method: 'POST',
      url: `/api/collections/${collection.id}/files`,
      ...multipart([
        { name: 'Jahresbericht.pdf', content: Buffer.from(makePdf([['Der Jahresbericht beschreibt die Prüfung'], ['Seite zwei']])) },
        { name: 'Memo.docx', content: Buffer.from(makeDocx(['The travel policy applies to every trip.'])) },
        { name: 'broken.pdf', content: Buffer.from(makeCorruptPdf()) },
      ]),
    });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    const files = uploadResponseSchema.parse(uploaded.json()).files;
    assert.deepEqual(
      files.map((f) => f.mediaType),
      ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/pdf'],
    );

    await ingestionJobRunner({ db: handle.db, storage: t.storage, deps: defaultIngestionDependencies }).drain();

    const list = collectionFileListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/collections/${collection.id}/files` })).json());
    const byName = new Map(list.files.map((f) => [f.name, f]));
    assert.equal(byName.get('Jahresbericht.pdf')?.status, 'processed');
    assert.equal(byName.get('Memo.docx')?.status, 'processed');
    assert.equal(byName.get('broken.pdf')?.status, 'processing-failed');
    assert.equal(byName.get('broken.pdf')?.error?.dataCode, 'DATA0004');

    const pages = filePagesResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/files/${files[0]!.fileId}/pages` })).json());
    assert.deepEqual(pages.pages.map((p) => p.page_number), [1, 2]);
    assert.ok(pages.pages[0]!.bounding_boxes.length > 0);
    assert.match(pages.pages[0]!.text ?? '', /Jahresbericht/);

    // Retry: only a failed file, and it goes back through ingestion.
    assert.equal((await t.as('employee', { method: 'POST', url: `/api/files/${files[0]!.fileId}/runs` })).statusCode, 409);
    assert.equal((await t.as('other', { method: 'POST', url: `/api/files/${files[2]!.fileId}/runs` })).statusCode, 404);
    const retried = await t.as('employee', { method: 'POST', url: `/api/files/${files[2]!.fileId}/runs` });
    assert.equal(retried.statusCode, 201, retried.body);
    assert.equal(ingestionRunSchema.parse(retried.json()).status, 'created');
    assert.equal((await t.as('employee', { method: 'POST', url: `/api/files/${files[2]!.fileId}/runs` })).statusCode, 409);
    await ingestionJobRunner({ db: handle.db, storage: t.storage, deps: defaultIngestionDependencies }).drain();

    const runs = ingestionRunsPageSchema.parse((await t.as('employee', { method: 'GET', url: `/api/ingestion/runs?collection_id=${collection.id}` })).json());
    assert.deepEqual(runs.runs.map((r) => r.status).sort(), ['completed', 'completed', 'failed', 'failed']);
    assert.ok(runs.runs.filter((r) => r.status === 'completed').every((r) => r.output?.datasetId === r.fileId));
  });

  it('refuses a plain zip named .docx by its content (415)', async () => {
    const collection = collectionSummarySchema.parse(
      (await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Zip' } })).json(),
    );
    const zip = Buffer.from(makeZip([{ name: 'notes.txt', data: Buffer.from('hello') }]));
    const response = await t.as('employee', { method: 'POST', url: `/api/collections/${collection.id}/files`, ...multipart([{ name: 'Memo.docx', content: zip }]) });
    assert.equal(response.statusCode, 415, response.body);
    assert.match(response.json().message, /application\/zip/);
  });
  it('searches a collection: German inflected forms, highlights on the matched words, others get 404', async () => {
    const collection = collectionSummarySchema.parse(
      (await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Berichte' } })).json(),
    );
    const uploaded = await t.as('employee', {
      method: 'POST',
      url: `/api/collections/${collection.id}/files`,
      ...multipart([
        { name: 'Quartal.pdf', content: Buffer.from(makePdf([['Einleitung ohne Treffer.'], ['Die Berichten des Quartals sind geprüft.']])) },
      ]),
    });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    await ingestionJobRunner({ db: handle.db, storage: t.storage, deps: defaultIngestionDependencies }).drain();

    const response = await t.as('employee', { method: 'GET', url: `/api/collections/${collection.id}/search?q=Bericht` });
    assert.equal(response.statusCode, 200, response.body);
    const { hits } = collectionSearchResponseSchema.parse(response.json());
    assert.equal(hits.length, 1);
    const hit = hits[0]!;
    assert.equal(hit.file_name, 'Quartal.pdf');
    assert.equal(hit.page_number, 2);
    assert.equal(hit.media_type, 'application/pdf');
    assert.deepEqual(hit.highlights.map((h) => hit.text.slice(h.start, h.end)), ['Berichten']);
    // The passage's place in its page lets the preview find the page's boxes for it.
    const pages = filePagesResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/files/${hit.file_id}/pages` })).json()).pages;
    assert.equal((pages[1]!.text ?? '').slice(hit.start_offset, hit.end_offset), hit.text);

    const empty = await t.as('employee', { method: 'GET', url: `/api/collections/${collection.id}/search?q=%20` });
    assert.equal(empty.statusCode, 400);
    const foreign = await t.as('admin', { method: 'GET', url: `/api/collections/${collection.id}/search?q=Bericht` });
    assert.equal(foreign.statusCode, 404, 'a personal collection of someone else does not exist for the admin either');
  });

  it('searches several collections in one ranking; one collection the caller may not read makes it a 404', async () => {
    const make = async (name: string) =>
      collectionSummarySchema.parse((await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name } })).json());
    const upload = async (collectionId: string, name: string, text: string) => {
      const response = await t.as('employee', {
        method: 'POST',
        url: `/api/collections/${collectionId}/files`,
        ...multipart([{ name, content: Buffer.from(text) }]),
      });
      assert.equal(response.statusCode, 201, response.body);
    };
    const north = await make('Nord');
    const south = await make('Süd');
    await upload(north.id, 'nord.txt', 'Die Lieferketten im Norden sind stabil. Der Bericht folgt.');
    await upload(south.id, 'sued.md', '# Süden\n\nDie Lieferkette im Süden ist gestört, und der Bericht ist verspätet.');
    await ingestionJobRunner({ db: handle.db, storage: t.storage, deps: defaultIngestionDependencies }).drain();

    const both = await t.as('employee', { method: 'GET', url: `/api/search?q=Lieferkette&collection_id=${north.id}&collection_id=${south.id}` });
    assert.equal(both.statusCode, 200, both.body);
    const hits = collectionSearchResponseSchema.parse(both.json()).hits;
    assert.deepEqual(new Set(hits.map((hit) => hit.collection_id)), new Set([north.id, south.id]));
    assert.deepEqual(new Set(hits.map((hit) => hit.file_name)), new Set(['nord.txt', 'sued.md']));

    const one = await t.as('employee', { method: 'GET', url: `/api/search?q=Lieferkette&collection_id=${south.id}` });
    assert.deepEqual(collectionSearchResponseSchema.parse(one.json()).hits.map((hit) => hit.file_name), ['sued.md']);

    const foreign = await t.as('admin', { method: 'GET', url: `/api/search?q=Lieferkette&collection_id=${north.id}` });
    assert.equal(foreign.statusCode, 404);
    const missing = await t.as('employee', { method: 'GET', url: `/api/search?q=Lieferkette` });
    assert.equal(missing.statusCode, 400);
  });
});
