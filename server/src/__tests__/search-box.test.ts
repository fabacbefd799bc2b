import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectionSearchResponseSchema, collectionSummarySchema, type SearchHit } from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { defaultIngestionDependencies } from '../ingestion/default-dependencies';
import { ingestionJobRunner } from '../ingestion/ingestion-job';
import { multipart, startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

const REPORT = 'Der Jahresbericht 2025 liegt dem Vorstand vor, und die Zahlen sind geprüft.';
const DRAFT = 'Der Entwurf für den Jahresbericht ist noch nicht mit der Abteilung abgestimmt.';
const CANTEEN = 'Die Kantine bleibt im August wegen des Umbaus geschlossen, und das ist ärgerlich.';
const FOREIGN = 'Der Jahresbericht der anderen Abteilung ist vertraulich und nur für sie bestimmt.';

const marked = (hit: SearchHit) => hit.highlights.map((h) => hit.text.slice(h.start, h.end));

/** The search box (both endpoints) goes through the retrieval answers use: a part of a compound finds it. */
describe('search box: one retrieval with questions', () => {
  let handle: DatabaseHandle;
  let t: CollectionsTestApp;
  let reports: string;
  let canteen: string;
  let foreign: string;

  const make = async (user: 'employee' | 'other', name: string) =>
    collectionSummarySchema.parse((await t.as(user, { method: 'POST', url: '/api/collections', payload: { name } })).json()).id;
  const upload = async (user: 'employee' | 'other', collectionId: string, files: Array<{ name: string; content: string }>) => {
    const response = await t.as(user, { method: 'POST', url: `/api/collections/${collectionId}/files`, ...multipart(files) });
    assert.equal(response.statusCode, 201, response.body);
  };
  const search = async (user: 'employee' | 'other', url: string) => {
    const response = await t.as(user, { method: 'GET', url });
    assert.equal(response.statusCode, 200, response.body);
    return collectionSearchResponseSchema.parse(response.json()).hits;
  };

  before(async () => {
    handle = await openTestPglite();
    t = await startCollectionsTestApp(handle);
    reports = await make('employee', 'Berichte');
    canteen = await make('employee', 'Kantine');
    foreign = await make('other', 'Fremde Berichte');
    await upload('employee', reports, [
      { name: 'bericht.txt', content: REPORT },
      { name: 'entwurf.txt', content: DRAFT },
    ]);
    await upload('employee', canteen, [{ name: 'kantine.txt', content: CANTEEN }]);
    await upload('other', foreign, [{ name: 'fremd.txt', content: FOREIGN }]);
    await ingestionJobRunner({ db: handle.db, storage: t.storage, deps: defaultIngestionDependencies }).drain();
  });
  after(async () => {
    await t.close();
    await handle.close();
  });

  it('finds "Jahresbericht" for "Bericht" in one collection, marking exactly that word', async () => {
    const hits = await search('employee', `/api/collections/${reports}/search?q=Bericht`);
    assert.deepEqual(hits.map((hit) => hit.file_name).sort(), ['bericht.txt', 'entwurf.txt']);
    const hit = hits.find((h) => h.file_name === 'bericht.txt')!;
    assert.equal(hit.text, REPORT);
    assert.deepEqual(hit.highlights, [{ start: REPORT.indexOf('Jahresbericht'), end: REPORT.indexOf('Jahresbericht') + 'Jahresbericht'.length }]);
    for (const h of hits) assert.deepEqual(marked(h), ['Jahresbericht']);
  });

  it('finds it over several collections, and never another user\'s documents', async () => {
    const hits = await search('employee', `/api/search?q=Bericht&collection_id=${reports}&collection_id=${canteen}`);
    assert.deepEqual(hits.map((hit) => hit.file_name).sort(), ['bericht.txt', 'entwurf.txt']);
    const hit = hits.find((h) => h.file_name === 'bericht.txt')!;
    assert.equal(hit.text.slice(hit.highlights[0]!.start, hit.highlights[0]!.end), 'Jahresbericht');
    assert.equal(hit.highlights[0]!.start, REPORT.indexOf('Jahresbericht'));
    // The other employee's passage holds the same compound, yet it is not among the hits.
    for (const h of hits) assert.ok([reports, canteen].includes(h.collection_id));
    assert.equal((await t.as('employee', { method: 'GET', url: `/api/search?q=Bericht&collection_id=${reports}&collection_id=${foreign}` })).statusCode, 404);
    assert.equal((await t.as('employee', { method: 'GET', url: `/api/collections/${foreign}/search?q=Bericht` })).statusCode, 404);
    // Its owner finds it.
    assert.deepEqual((await search('other', `/api/collections/${foreign}/search?q=Bericht`)).map((h) => h.file_name), ['fremd.txt']);
  });

  it('ranks a passage with more of the words first, and keeps phrases and exclusions', async () => {
    const both = await search('employee', `/api/collections/${reports}/search?q=${encodeURIComponent('Bericht Entwurf')}`);
    assert.equal(both[0]?.file_name, 'entwurf.txt');
    assert.deepEqual(marked(both[0]!), ['Entwurf', 'Jahresbericht']);

    const excluded = await search('employee', `/api/collections/${reports}/search?q=${encodeURIComponent('Bericht -Entwurf')}`);
    assert.deepEqual(excluded.map((hit) => hit.file_name), ['bericht.txt']);

    const phrase = await search('employee', `/api/collections/${reports}/search?q=${encodeURIComponent('"Zahlen sind geprüft" Bericht')}`);
    assert.deepEqual(phrase.map((hit) => hit.file_name), ['bericht.txt']);
    const noPhrase = await search('employee', `/api/collections/${reports}/search?q=${encodeURIComponent('"geprüft Zahlen"')}`);
    assert.deepEqual(noPhrase, []);
  });
});
