import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  apiErrorSchema,
  collectionListResponseSchema,
  collectionSearchResponseSchema,
  collectionSummarySchema,
  conversationSchema,
  uploadResponseSchema,
  type CollectionSummary,
} from '@assistant/contracts';
import type { InjectOptions } from 'fastify';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { readableCollections } from '../agents/agent-references';
import { buildApp } from '../app';
import type { Viewer } from '../auth/principal';
import { createTokenVerifier } from '../auth/token-verifier';
import type { DatabaseHandle } from '../db/database';
import { CollectionsRepository } from '../db/repositories/collections-repository';
import { FilesRepository } from '../db/repositories/files-repository';
import { defaultIngestionDependencies } from '../ingestion/default-dependencies';
import { FileStorage } from '../ingestion/file-storage';
import { ingestionJobRunner } from '../ingestion/ingestion-job';
import { JobQueue } from '../jobs/job-queue';
import { LibrarySyncStore } from '../libraries/sync/library-sync-store';
import { ResearchRepository } from '../research/research-repository';
import { ResearchRefusal, ResearchService } from '../research/research-service';
import { researchTools } from '../research/research-tools';
import { fullTextRetriever } from '../search/retriever';
import { COMPANY_COLLECTION_GROUPS_ONLY } from '../sharing/kinds/collection';
import { DirectoryRepository } from '../sharing/directory-repository';
import { testConfig } from '../testing/test-config';
import { testDatabaseTargets } from '../testing/test-databases';
import { TestIssuer } from '../testing/test-issuer';
import { SEARCH_DOCUMENTS_TOOL, searchDocumentsTool } from '../tools/builtin/search-documents';
import { parseEvents } from './support/chat-test-app';
import { multipart } from './support/collections-test-app';

/**
 * Who reads which collection, on every path that reads collections (docs/collections.md
 * "Sharing"): Maria's personal "Budget" shared with Tom to read and with the group `legal` (Eva)
 * to edit; the company's "Payroll" restricted to `finance` (Maria). Sam (sales) is outside both;
 * the administrator reads every company collection, never someone's personal one.
 */
const PEOPLE = {
  maria: { sub: 'maria', name: 'Maria Schmidt', groups: ['finance'], admin: false },
  tom: { sub: 'tom', name: 'Tom Weber', groups: [], admin: false },
  eva: { sub: 'eva', name: 'Eva Braun', groups: ['legal'], admin: false },
  sam: { sub: 'sam', name: 'Sam Ortiz', groups: ['sales'], admin: false },
  admin: { sub: 'admin', name: 'Ada Admin', groups: ['it'], admin: true },
} as const;
type Person = keyof typeof PEOPLE;
const EVERYONE = Object.keys(PEOPLE) as Person[];

/** Who may read (and who may change the documents of) each collection. */
const BUDGET = { readers: ['maria', 'tom', 'eva'], editors: ['maria', 'eva'], access: { maria: 'owner', tom: 'view', eva: 'edit' } } as const;
const PAYROLL = { readers: ['maria', 'admin'], editors: ['admin'] } as const;

const BUDGET_TEXT = 'The travel budget for the sales fair is forty thousand euros.';
const PAYROLL_TEXT = 'Salaries are paid on the twenty-fifth of each month.';

const INTENT_RULE: ScriptRule = {
  system: 'Classify the user',
  reply: JSON.stringify({ greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false }),
};
const TITLE_RULE: ScriptRule = { system: 'Write a short title', reply: '"Budget"' };

const viewerOf = (person: Person): Viewer => ({ sub: PEOPLE[person].sub, isAdmin: PEOPLE[person].admin, groups: PEOPLE[person].groups });

for (const target of testDatabaseTargets()) {
  describe(`who reads a shared or restricted collection, on every path, on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let issuer: TestIssuer;
    let dataDir: string;
    let storage: FileStorage;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let audience: string;
    let budget: CollectionSummary;
    let payroll: CollectionSummary;
    let budgetFile: string;
    let payrollFile: string;

    const as = async (person: Person, options: InjectOptions) => {
      const { sub, name, groups, admin } = PEOPLE[person];
      const token = await issuer.sign({ sub, name, groups, roles: admin ? [adminRole] : [] }, { audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    };
    let adminRole = '';
    const status = async (person: Person, options: InjectOptions) => (await as(person, options)).statusCode;
    const readStatus = (person: Person, readers: readonly Person[]) => (readers.includes(person) ? 200 : 404);
    const ingest = () => ingestionJobRunner({ db: handle.db, storage, deps: defaultIngestionDependencies }).drain();
    const share = (person: Person, id: string, shares: unknown[]) => as(person, { method: 'PUT', url: `/api/shares/collection/${id}`, payload: { shares } });

    async function collectionWith(person: Person, name: string, scope: 'personal' | 'company', file: { name: string; content: string }) {
      const created = await as(person, { method: 'POST', url: '/api/collections', payload: { name, scope } });
      assert.equal(created.statusCode, 201, created.body);
      const collection = collectionSummarySchema.parse(created.json());
      const uploaded = await as(person, { method: 'POST', url: `/api/collections/${collection.id}/files`, ...multipart([file]) });
      assert.equal(uploaded.statusCode, 201, uploaded.body);
      return { collection, fileId: uploadResponseSchema.parse(uploaded.json()).files[0]!.fileId };
    }

    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ models: ['scripted-model'] });
      model.setScript({ rules: [INTENT_RULE, TITLE_RULE], defaultReply: 'The budget is forty thousand euros [1].' });
      issuer = await TestIssuer.start();
      dataDir = await mkdtemp(join(tmpdir(), 'assistant-collection-matrix-'));
      const config = testConfig(issuer.issuer, { DATA_DIR: dataDir, OPENAI_BASE_URL: model.url });
      audience = config.auth.audience;
      adminRole = config.auth.adminRole;
      storage = new FileStorage(dataDir);
      const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
      app = await buildApp({ config, db: handle.db, verifier, logger: false, storage, notifications: handle.notifications });
      // Everyone has signed in once (the directory knows them and their groups).
      const directory = new DirectoryRepository(handle.db);
      for (const person of EVERYONE) await directory.record({ sub: PEOPLE[person].sub, name: PEOPLE[person].name, email: undefined, groups: [...PEOPLE[person].groups] });

      ({ collection: budget, fileId: budgetFile } = await collectionWith('maria', 'Budget', 'personal', { name: 'budget.txt', content: BUDGET_TEXT }));
      ({ collection: payroll, fileId: payrollFile } = await collectionWith('admin', 'Payroll', 'company', { name: 'payroll.txt', content: PAYROLL_TEXT }));
      const shared = await share('maria', budget.id, [
        { target: { type: 'user', id: 'tom' }, role: 'view' },
        { target: { type: 'group', id: 'legal' }, role: 'edit' },
      ]);
      assert.equal(shared.statusCode, 200, shared.body);
      const restricted = await share('admin', payroll.id, [{ target: { type: 'group', id: 'finance' }, role: 'view' }]);
      assert.equal(restricted.statusCode, 200, restricted.body);
      await ingest();
    });
    after(async () => {
      app.server.closeAllConnections();
      await app.close();
      await issuer.close();
      await model.close();
      await rm(dataDir, { recursive: true, force: true });
      await handle.close();
    });

    it('lists a shared personal collection with how it reaches each reader, and a restricted company one only to its groups and administrators', async () => {
      for (const person of EVERYONE) {
        const personal = collectionListResponseSchema.parse((await as(person, { method: 'GET', url: '/api/collections?scope=personal' })).json()).collections;
        const company = collectionListResponseSchema.parse((await as(person, { method: 'GET', url: '/api/collections?scope=company' })).json()).collections;
        const listed = personal.find((collection) => collection.id === budget.id);
        assert.equal(Boolean(listed), (BUDGET.readers as readonly Person[]).includes(person), `${person} lists Budget`);
        if (listed) {
          assert.equal(listed.sharing?.access, BUDGET.access[person as keyof typeof BUDGET.access], `${person}'s access`);
          assert.equal(listed.can_manage, (BUDGET.editors as readonly Person[]).includes(person), `${person} may change Budget's documents`);
          assert.deepEqual(listed.sharing?.shared_by, person === 'maria' ? null : { sub: 'maria', name: 'Maria Schmidt' });
        }
        assert.equal(company.some((collection) => collection.id === payroll.id), (PAYROLL.readers as readonly Person[]).includes(person), `${person} lists Payroll`);
      }
      // The owner sees with whom it is shared; a view recipient does not.
      const own = collectionListResponseSchema.parse((await as('maria', { method: 'GET', url: '/api/collections' })).json()).collections.find((c) => c.id === budget.id)!;
      assert.deepEqual(own.sharing?.shared_with.map((entry) => entry.name).sort(), ['Tom Weber', 'legal']);
      const seen = collectionListResponseSchema.parse((await as('tom', { method: 'GET', url: '/api/collections' })).json()).collections.find((c) => c.id === budget.id)!;
      assert.deepEqual(seen.sharing?.shared_with, []);
    });

    it('reads the collection, its files, runs, content and pages only as a reader (404 for anyone else)', async () => {
      for (const [collection, fileId, readers] of [
        [budget.id, budgetFile, BUDGET.readers],
        [payroll.id, payrollFile, PAYROLL.readers],
      ] as const) {
        for (const person of EVERYONE) {
          const expected = readStatus(person, readers);
          for (const url of [
            `/api/collections/${collection}`,
            `/api/collections/${collection}/files`,
            `/api/ingestion/runs?collection_id=${collection}`,
            `/api/files/${fileId}/content`,
            `/api/files/${fileId}/pages`,
          ]) {
            assert.equal(await status(person, { method: 'GET', url }), expected, `${person} GET ${url}`);
          }
        }
      }
    });

    it('changes documents as an editor, refuses a view recipient with 403 and anyone else with 404; the collection itself stays its owner’s', async () => {
      const upload = (person: Person, id: string) => as(person, { method: 'POST', url: `/api/collections/${id}/files`, ...multipart([{ name: 'note.txt', content: `from ${person}` }]) });
      const expected: Record<Person, number> = { maria: 201, eva: 201, tom: 403, sam: 404, admin: 404 };
      const added: Record<string, string> = {};
      for (const person of EVERYONE) {
        const response = await upload(person, budget.id);
        assert.equal(response.statusCode, expected[person], `${person} uploads into Budget: ${response.body}`);
        if (response.statusCode === 201) added[person] = uploadResponseSchema.parse(response.json()).files[0]!.fileId;
      }
      assert.match(apiErrorSchema.parse((await upload('tom', budget.id)).json()).message, /may read this collection but not change/);
      assert.deepEqual(
        Object.fromEntries(await Promise.all(EVERYONE.map(async (person) => [person, (await upload(person, payroll.id)).statusCode]))),
        { maria: 403, tom: 404, eva: 404, sam: 404, admin: 201 },
      );

      // Deleting a document: the view recipient may not, the editor may (Maria's too).
      assert.equal(await status('tom', { method: 'DELETE', url: `/api/files/${added.maria}` }), 403);
      assert.equal(await status('sam', { method: 'DELETE', url: `/api/files/${added.maria}` }), 404);
      assert.equal(await status('eva', { method: 'DELETE', url: `/api/files/${added.maria}` }), 204);
      assert.equal(await status('maria', { method: 'DELETE', url: `/api/files/${added.eva}` }), 204);

      // Renaming, deleting and sharing the collection: its owner's alone.
      for (const person of ['tom', 'eva'] as const) {
        assert.equal(await status(person, { method: 'PATCH', url: `/api/collections/${budget.id}`, payload: { name: 'Mine' } }), 403, `${person} renames`);
        assert.equal(await status(person, { method: 'DELETE', url: `/api/collections/${budget.id}` }), 403, `${person} deletes`);
      }
      for (const person of ['tom', 'eva', 'sam', 'admin'] as const) {
        assert.equal(await status(person, { method: 'GET', url: `/api/shares/collection/${budget.id}` }), 404, `${person} reads Budget's shares`);
      }
      assert.equal(await status('maria', { method: 'GET', url: `/api/shares/collection/${budget.id}` }), 200);
      assert.equal(await status('maria', { method: 'GET', url: `/api/shares/collection/${payroll.id}` }), 404);
      assert.equal(await status('admin', { method: 'GET', url: `/api/shares/collection/${payroll.id}` }), 200);
    });

    it('restricts a company collection only to groups, to read', async () => {
      for (const shares of [
        [{ target: { type: 'user', id: 'sam' }, role: 'view' }],
        [{ target: { type: 'group', id: 'finance' }, role: 'edit' }],
        [{ target: { type: 'company' }, role: 'view' }],
      ]) {
        const refused = await share('admin', payroll.id, shares);
        assert.equal(refused.statusCode, 400, refused.body);
        assert.ok(refused.body.includes(COMPANY_COLLECTION_GROUPS_ONLY), refused.body);
      }
      const list = await as('admin', { method: 'GET', url: `/api/shares/collection/${payroll.id}` });
      assert.deepEqual((list.json() as { shares: Array<{ target: { id?: string } }> }).shares.map((entry) => entry.target.id), ['finance'], 'nothing of a refused list is stored');
    });

    it('searches one collection or several only as a reader; one unreadable collection fails the whole search', async () => {
      for (const person of EVERYONE) {
        for (const [collection, readers, word] of [
          [budget.id, BUDGET.readers, 'budget'],
          [payroll.id, PAYROLL.readers, 'salaries'],
        ] as const) {
          const one = await as(person, { method: 'GET', url: `/api/collections/${collection}/search?q=${word}` });
          assert.equal(one.statusCode, readStatus(person, readers), `${person} searches ${word}`);
          if (one.statusCode === 200) assert.equal(collectionSearchResponseSchema.parse(one.json()).hits.length, 1);
          const many = await as(person, { method: 'GET', url: `/api/search?q=${word}&collection_id=${collection}` });
          assert.equal(many.statusCode, readStatus(person, readers), `${person} searches ${word} across collections`);
        }
        const both = await status(person, { method: 'GET', url: `/api/search?q=budget&collection_id=${budget.id}&collection_id=${payroll.id}` });
        assert.equal(both, person === 'maria' ? 200 : 404, `${person} searches both`);
      }
    });

    it('answers questions (QA) from a collection only for its readers, with its passage as the source', async () => {
      for (const person of EVERYONE) {
        model.requests.length = 0;
        const response = await as(person, { method: 'POST', url: '/api/qa/chat', payload: { question: 'How large is the travel budget?', collections: [budget.id] } });
        assert.equal(response.statusCode, readStatus(person, BUDGET.readers), `${person} asks QA: ${response.body.slice(0, 200)}`);
        if (response.statusCode !== 200) {
          assert.equal(model.chatRequests().length, 0, 'nothing is asked of the model for a refused question');
          continue;
        }
        parseEvents(response.body);
        const prompt = JSON.stringify(model.chatRequests().at(-1)!.body);
        assert.ok(prompt.includes('forty thousand euros'), `${person}'s answer is grounded in Budget`);
      }
      const restricted = await as('sam', { method: 'POST', url: '/api/qa/chat', payload: { question: 'When are salaries paid?', collections: [payroll.id] } });
      assert.equal(restricted.statusCode, 404);
      assert.equal(await status('sam', { method: 'POST', url: '/api/qa/chat', payload: { question: 'When are salaries paid?', file_id: payrollFile } }), 404);
    });

    it('chats with chosen collections only as a reader; the answer cites the shared document', async () => {
      for (const person of EVERYONE) {
        const created = await as(person, { method: 'POST', url: '/api/conversations?name=Budget' });
        const conversation = conversationSchema.parse(created.json()).id;
        const response = await as(person, {
          method: 'POST',
          url: `/api/conversations/${conversation}/messages/v2`,
          payload: { content: 'How large is the travel budget?', collections: [budget.id] },
        });
        assert.equal(response.statusCode, readStatus(person, BUDGET.readers), `${person} chats with Budget: ${response.body.slice(0, 200)}`);
        if (response.statusCode !== 200) continue;
        const resources = parseEvents(response.body).flatMap((event) =>
          event.kind === 'tool' && event.event.type === 'end' ? event.event.content.flatMap((part) => (part.type === 'resource' ? [part.resource.uri] : [])) : [],
        );
        assert.deepEqual(resources, [`file:${budgetFile}`]);
      }
    });

    it('lets the search_documents tool, agents and deep research use only what the asking user may read', async () => {
      const db = handle.db;
      const retriever = fullTextRetriever(db);
      const files = new FilesRepository(db);
      const collections = new CollectionsRepository(db);
      const context = (person: Person, isAdmin = PEOPLE[person].admin) => ({ owner: PEOPLE[person].sub, isAdmin, groups: PEOPLE[person].groups, signal: new AbortController().signal });
      const foundFiles = async (tool: ReturnType<typeof searchDocumentsTool>, person: Person, query: string, isAdmin?: boolean) =>
        (await tool.run({ query }, context(person, isAdmin))).windows?.map((window) => window.fileId) ?? [];

      const unscoped = searchDocumentsTool({ db, retriever, maxCharacters: 4000 });
      const chosen = searchDocumentsTool({ db, retriever, maxCharacters: 4000, scope: { collectionIds: [budget.id, payroll.id] } });
      for (const person of EVERYONE) {
        const reads = (readers: readonly Person[], file: string) => ((readers as readonly Person[]).includes(person) ? [file] : []);
        assert.deepEqual(await foundFiles(unscoped, person, 'travel budget'), reads(BUDGET.readers, budgetFile), `${person}'s search finds Budget`);
        assert.deepEqual(await foundFiles(unscoped, person, 'salaries'), reads(PAYROLL.readers, payrollFile), `${person}'s search finds Payroll`);
        // Chosen collections are asked again when the tool searches (a message names them, a share may end meanwhile).
        assert.deepEqual(await foundFiles(chosen, person, 'salaries'), reads(PAYROLL.readers, payrollFile), `${person}'s scoped search`);

        // An agent's knowledge: only the collections its user may read.
        const knowledge = (await readableCollections(collections, viewerOf(person), [budget.id, payroll.id])).map((collection) => collection.name);
        assert.deepEqual(knowledge, [...((BUDGET.readers as readonly Person[]).includes(person) ? ['Budget'] : []), ...((PAYROLL.readers as readonly Person[]).includes(person) ? ['Payroll'] : [])]);
      }
      // Saving an agent with a collection its author may not read is refused at that field.
      const agent = await as('sam', {
        method: 'POST',
        url: '/api/agents',
        payload: { name: 'Budget helper', instructions: 'Help with the budget.', collection_ids: [budget.id] },
      });
      assert.equal(agent.statusCode, 400, agent.body);
      assert.ok(agent.body.includes('collection_ids'), agent.body);

      // Deep research: started only with readable collections; its tasks search as the owner's groups (no administrators' exception outside a request).
      const research = new ResearchService({ db, research: new ResearchRepository(db), jobs: new JobQueue(db), nudge: () => {}, limits: { maxConcurrentPerUser: 10, maxTasks: 4 } });
      const runs = new ResearchRepository(db);
      const tools = researchTools({ db, retriever, files, searchMaxCharacters: 4000 });
      for (const person of EVERYONE) {
        for (const [collection, readers, query, file] of [
          [budget.id, BUDGET.readers, 'travel budget', budgetFile],
          [payroll.id, ['maria'], 'salaries', payrollFile],
        ] as const) {
          const started = research
            .start({ owner: PEOPLE[person].sub, groups: PEOPLE[person].groups, question: `What about ${query}?`, collections: [collection] })
            .catch((error: unknown) => error);
          const id = await started;
          if (!(readers as readonly Person[]).includes(person)) {
            assert.ok(id instanceof ResearchRefusal && id.status === 404, `${person}'s research on ${query} is refused`);
            continue;
          }
          assert.equal(typeof id, 'string', `${person} researches ${query}`);
          const run = (await runs.get(id as string))!;
          const search = (await tools(run, new AbortController().signal)).find((tool) => tool.name === SEARCH_DOCUMENTS_TOOL)!;
          assert.deepEqual(await foundFiles(search as ReturnType<typeof searchDocumentsTool>, person, query, false), [file]);
        }
      }
    });

    it('binds a library folder only into a collection its owner may edit, and stops syncing once the rights end', async () => {
      const connections: Record<Person, string> = {} as Record<Person, string>;
      for (const person of EVERYONE) {
        const id = randomUUID();
        const scope = PEOPLE[person].admin ? 'company' : 'personal';
        await handle.db
          .insertInto('library_connections')
          .values({ id, owner_id: PEOPLE[person].sub, scope, kind: 'webdav', name: `${person}'s files`, url: `http://127.0.0.1/dav/${person}`, account: person, credentials: 'unused', state: 'connected' })
          .execute();
        connections[person] = id;
      }
      const bind = (person: Person, collection: string, folder: string) =>
        as(person, { method: 'POST', url: `/api/libraries/${connections[person]}/bindings`, payload: { collection_id: collection, folders: [{ id: folder, path: folder }] } });
      const expected: Record<Person, number> = { maria: 201, eva: 201, tom: 403, sam: 404, admin: 404 };
      const bound: Partial<Record<Person, string>> = {};
      for (const person of EVERYONE) {
        const response = await bind(person, budget.id, `/${person}`);
        assert.equal(response.statusCode, expected[person], `${person} binds into Budget: ${response.body}`);
        if (response.statusCode === 201) bound[person] = (response.json() as { bindings: Array<{ id: string }> }).bindings[0]!.id;
      }
      assert.equal((await bind('admin', payroll.id, '/payroll')).statusCode, 201);
      assert.equal((await bind('maria', payroll.id, '/payroll-maria')).statusCode, 400, 'a personal library does not feed a company collection');
      assert.equal((await bind('sam', payroll.id, '/payroll-sam')).statusCode, 404);

      // At each sync: Eva's edit rights come through her group; once the share ends, her folder stops.
      const store = new LibrarySyncStore(handle.db);
      const binding = async (person: Person) => (await store.binding(bound[person]!))!;
      assert.equal(await store.mayWriteInto(await binding('eva')), true);
      assert.equal(await store.mayWriteInto(await binding('maria')), true);
      const narrowed = await share('maria', budget.id, [{ target: { type: 'user', id: 'tom' }, role: 'view' }]);
      assert.equal(narrowed.statusCode, 200, narrowed.body);
      assert.equal(await store.mayWriteInto(await binding('eva')), false);
      assert.equal(await store.mayWriteInto(await binding('maria')), true);
      assert.equal(await status('eva', { method: 'GET', url: `/api/collections/${budget.id}` }), 404, 'what the share gave is gone at once');

      // Deleting the collection takes its shares with it.
      assert.equal(await status('maria', { method: 'DELETE', url: `/api/collections/${budget.id}` }), 204);
      const left = await handle.db.selectFrom('shares').select('id').where('item_kind', '=', 'collection').where('item_id', '=', budget.id).execute();
      assert.deepEqual(left, []);
    });
  });
}
