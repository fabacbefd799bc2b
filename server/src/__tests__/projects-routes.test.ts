import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import {
  collectionFileListResponseSchema,
  conversationListResponseSchema,
  conversationSchema,
  projectListResponseSchema,
  projectSchema,
  uploadResponseSchema,
  type Project,
} from '@assistant/contracts';
import { PROJECT_OPEN } from '../chat/build-prompt';
import { SOURCES_OPEN } from '../grounding/grounded-prompt';
import { defaultIngestionDependencies } from '../ingestion/default-dependencies';
import { FileStorage } from '../ingestion/file-storage';
import { ingestionJobRunner } from '../ingestion/ingestion-job';
import { parseEvents } from './support/chat-test-app';
import { describeWithColleagues, type Colleague, type ColleaguesSuite } from './support/colleagues-test-app';
import { multipart } from './support/collections-test-app';

/**
 * Projects (docs/projects.md): Maria owns; Tom reads through a view share with finance; Eddie edits
 * through an edit share by name; Sam (sales) and the administrator are not reached. The project's
 * files are searched and its instructions reach the model in each member's own conversations.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'assistant-projects-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const OTHERS = ['tom', 'eddie', 'sam', 'admin'] as const;
const INSTRUCTIONS = 'Answer as the travel desk of the finance team. Always name the cost centre 4711.';
const POLICY = 'Hotel nights in Lisbon are refunded up to 180 euros per night for the finance team.';

describeWithColleagues(
  'projects API',
  (suite: ColleaguesSuite) => {
    const as = (person: Colleague, options: Parameters<ColleaguesSuite['t']['as']>[1]) => suite.t.as(person, options);
    async function create(person: Colleague, body: Record<string, unknown> = { name: 'Trip to Lisbon' }): Promise<Project> {
      const response = await as(person, { method: 'POST', url: '/api/projects', payload: body });
      assert.equal(response.statusCode, 201, response.body);
      return projectSchema.parse(response.json());
    }
    async function list(person: Colleague): Promise<Project[]> {
      const response = await as(person, { method: 'GET', url: '/api/projects' });
      assert.equal(response.statusCode, 200, response.body);
      return projectListResponseSchema.parse(response.json()).projects;
    }
    async function conversation(person: Colleague): Promise<string> {
      const response = await as(person, { method: 'POST', url: '/api/conversations?name=Chat' });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json()).id;
    }
    const fileInto = (person: Colleague, conversationId: string, projectId: string | null) =>
      as(person, { method: 'PATCH', url: `/api/conversations/${conversationId}`, payload: { project_id: projectId } });
    async function ask(person: Colleague, conversationId: string, content: string) {
      suite.t.model.requests.length = 0;
      const response = await as(person, { method: 'POST', url: `/api/conversations/${conversationId}/messages/v2`, payload: { content } });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(parseEvents(response.body).at(-1)?.kind, 'done');
      const answers = suite.t.model.chatRequests().filter((request) => request.stream);
      assert.equal(answers.length, 1, 'one answer asked of the model');
      const messages = (answers[0]!.body as { messages: Array<{ role: string; content: string }> }).messages;
      return { system: messages[0]!.content, question: messages.at(-1)!.content };
    }
    const ingest = () => ingestionJobRunner({ db: suite.handle.db, storage: new FileStorage(dataDir), deps: defaultIngestionDependencies }).drain();
    const upload = (person: Colleague, projectId: string, name: string, content: string) =>
      as(person, { method: 'POST', url: `/api/projects/${projectId}/files`, ...multipart([{ name, content }]) });

    it('creates a project for its owner alone: another user gets a 404 on every call', async () => {
      const project = await create('maria', { name: '  Trip to Lisbon ', instructions: INSTRUCTIONS });
      assert.equal(project.name, 'Trip to Lisbon');
      assert.equal(project.instructions, INSTRUCTIONS);
      assert.equal(project.file_count, 0);
      assert.deepEqual(project.sharing, { access: 'owner', shared_by: null, shared_with: [] });
      assert.ok((await list('maria')).some((listed) => listed.id === project.id));
      for (const person of OTHERS) assert.ok(!(await list(person)).some((listed) => listed.id === project.id), person);

      const url = `/api/projects/${project.id}`;
      const notFound = { tom: 404, eddie: 404, sam: 404, admin: 404 };
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url }), notFound);
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'PATCH', url, payload: { instructions: 'Mine now' } }), notFound);
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'DELETE', url: `${url}?conversations=keep` }), notFound);
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `${url}/files` }), notFound);
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `/api/shares/project/${project.id}` }), notFound);
      // Nobody else files a conversation into it (the same 404 as for a missing project).
      for (const person of OTHERS) assert.equal((await fileInto(person, await conversation(person), project.id)).statusCode, 404, person);

      // Its files' collection is never one of the collections' lists or pages.
      const collections = await as('maria', { method: 'GET', url: '/api/collections?scope=personal' });
      assert.ok(!(collections.json() as { collections: Array<{ name: string }> }).collections.some((collection) => collection.name === 'Project files'));

      // Validation: a blank name, an unknown key, an empty change, no choice for the conversations.
      assert.equal((await as('maria', { method: 'POST', url: '/api/projects', payload: { name: '  ' } })).statusCode, 400);
      assert.equal((await as('maria', { method: 'POST', url: '/api/projects', payload: { name: 'X', owner_id: 'tom' } })).statusCode, 400);
      assert.equal((await as('maria', { method: 'PATCH', url, payload: {} })).statusCode, 400);
      assert.equal((await as('maria', { method: 'DELETE', url })).statusCode, 400);
      assert.equal((await as('maria', { method: 'DELETE', url: `${url}?conversations=archive` })).statusCode, 400);
    });

    it('holds the sharing matrix: readers see it and start their own chats in it, editors change files and instructions, the owner alone renames and deletes', async () => {
      const project = await create('maria', { name: 'Budget 2027' });
      await suite.t.share('maria', 'project', project.id, [
        { target: { type: 'group', id: '/finance' }, role: 'view' },
        { target: { type: 'user', id: 'eddie' }, role: 'edit' },
      ]);
      const url = `/api/projects/${project.id}`;
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url }), { tom: 200, eddie: 200, sam: 404, admin: 404 });
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'PATCH', url, payload: { instructions: 'Be brief.' } }), { tom: 403, eddie: 200, sam: 404, admin: 404 });
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'PATCH', url, payload: { name: 'Renamed' } }), { tom: 403, eddie: 403, sam: 404, admin: 404 });
      assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'DELETE', url: `${url}?conversations=keep` }), { tom: 403, eddie: 403, sam: 404, admin: 404 });
      assert.deepEqual(await suite.t.statuses(OTHERS, (person) => ({ method: 'POST', url: `${url}/files`, ...multipart([{ name: `${person}.txt`, content: 'Notes' }]) })), {
        tom: 403,
        eddie: 201,
        sam: 404,
        admin: 404,
      });
      assert.deepEqual(await suite.t.statuses(['maria', ...OTHERS], { method: 'GET', url: `/api/shares/project/${project.id}` }), { maria: 200, tom: 404, eddie: 404, sam: 404, admin: 404 });

      const [tomsView] = (await list('tom')).filter((listed) => listed.id === project.id);
      assert.equal(tomsView?.instructions, 'Be brief.');
      assert.equal(tomsView?.file_count, 1);
      assert.deepEqual(tomsView?.sharing, { access: 'view', shared_by: { sub: 'maria', name: 'Maria Muster' }, shared_with: [] });
      const files = collectionFileListResponseSchema.parse((await as('tom', { method: 'GET', url: `${url}/files` })).json()).files;
      assert.deepEqual(files.map((file) => file.name), ['eddie.txt']);
      // The reader opens a file, but removes nothing; the editor does.
      assert.equal((await as('tom', { method: 'GET', url: `/api/files/${files[0]!.fileId}/content` })).statusCode, 200);
      assert.equal((await as('sam', { method: 'GET', url: `/api/files/${files[0]!.fileId}/content` })).statusCode, 404);
      assert.equal((await as('tom', { method: 'DELETE', url: `${url}/files/${files[0]!.fileId}` })).statusCode, 403);
      assert.equal((await as('eddie', { method: 'DELETE', url: `${url}/files/${files[0]!.fileId}` })).statusCode, 204);
      assert.deepEqual(collectionFileListResponseSchema.parse((await as('maria', { method: 'GET', url: `${url}/files` })).json()).files, []);

      // A reader starts a conversation in it (no message yet); one with messages is an editor's to file.
      const fresh = await conversation('tom');
      assert.equal((await fileInto('tom', fresh, project.id)).statusCode, 200);
      await ask('tom', fresh, 'Hello');
      const other = await conversation('tom');
      await ask('tom', other, 'Hello again');
      assert.equal((await fileInto('tom', other, project.id)).statusCode, 404);
      const eddies = await conversation('eddie');
      await ask('eddie', eddies, 'Hello');
      assert.equal((await fileInto('eddie', eddies, project.id)).statusCode, 200);
      // Conversations stay their owners': Maria's list does not show Tom's.
      const mine = conversationListResponseSchema.parse((await as('maria', { method: 'GET', url: '/api/conversations' })).json()).conversations;
      assert.ok(!mine.some((entry) => entry.id === fresh));
      assert.equal((await as('maria', { method: 'PATCH', url, payload: { name: 'Budget 2027 (final)' } })).statusCode, 200);
    });

    it("searches a shared project's files and gives its instructions to the model in a colleague's own conversation", async () => {
      const project = await create('maria', { name: 'Lisbon travel', instructions: INSTRUCTIONS });
      assert.equal((await upload('maria', project.id, 'Travel policy.txt', POLICY)).statusCode, 201);
      await ingest();
      await suite.t.share('maria', 'project', project.id, [{ target: { type: 'group', id: '/finance' }, role: 'view' }]);

      const chat = await conversation('tom');
      const filed = await fileInto('tom', chat, project.id);
      assert.equal(filed.statusCode, 200, filed.body);
      assert.equal(conversationSchema.parse(filed.json()).project_id, project.id);
      const { system, question } = await ask('tom', chat, 'How much is refunded for a hotel night in Lisbon?');
      // The instructions, delimited, after the product's rules; the project's file as quoted sources.
      assert.ok(system.includes(`${PROJECT_OPEN}\n${INSTRUCTIONS}\n</project_instructions>`), system);
      assert.ok(system.indexOf(PROJECT_OPEN) > 0, 'the product rules come first');
      assert.ok(question.includes(SOURCES_OPEN) && question.includes('180 euros'), question);

      // The same conversation of someone the project does not reach (any more) gets neither.
      await suite.t.share('maria', 'project', project.id, []);
      const after = await ask('tom', chat, 'And in Porto?');
      assert.ok(!after.system.includes(PROJECT_OPEN));
      assert.ok(!after.question.includes('180 euros'));
      // A conversation outside any project: none of it either.
      const plain = await ask('maria', await conversation('maria'), 'How much is refunded for a hotel night in Lisbon?');
      assert.ok(!plain.system.includes(PROJECT_OPEN) && !plain.question.includes(SOURCES_OPEN));
    });

    it('deletes a project as its owner chose: her conversations deleted or kept outside any project, colleagues\u2019 kept, files and shares gone', async () => {
      const keep = await create('maria', { name: 'Keep mine' });
      const kept = await conversation('maria');
      assert.equal((await fileInto('maria', kept, keep.id)).statusCode, 200);
      assert.equal((await as('maria', { method: 'DELETE', url: `/api/projects/${keep.id}?conversations=keep` })).statusCode, 204);
      const afterKeep = await as('maria', { method: 'GET', url: `/api/conversations/${kept}/messages` });
      assert.equal(afterKeep.statusCode, 200);
      const listed = conversationListResponseSchema.parse((await as('maria', { method: 'GET', url: '/api/conversations' })).json()).conversations.find((entry) => entry.id === kept);
      assert.equal(listed?.project_id, undefined);

      const drop = await create('maria', { name: 'Delete mine' });
      await suite.t.share('maria', 'project', drop.id, [{ target: { type: 'user', id: 'eddie' }, role: 'edit' }]);
      const dropped = await conversation('maria');
      const eddies = await conversation('eddie');
      assert.equal((await fileInto('maria', dropped, drop.id)).statusCode, 200);
      assert.equal((await fileInto('eddie', eddies, drop.id)).statusCode, 200);
      assert.equal((await upload('maria', drop.id, 'notes.txt', 'Some notes')).statusCode, 201);
      const fileId = uploadResponseSchema.parse((await upload('maria', drop.id, 'more.txt', 'More notes')).json()).files[0]!.fileId;
      assert.equal((await as('maria', { method: 'DELETE', url: `/api/projects/${drop.id}?conversations=delete` })).statusCode, 204);
      assert.equal((await as('maria', { method: 'GET', url: `/api/conversations/${dropped}/messages` })).statusCode, 404);
      assert.equal((await as('eddie', { method: 'GET', url: `/api/conversations/${eddies}/messages` })).statusCode, 200);
      assert.equal((await as('maria', { method: 'GET', url: `/api/files/${fileId}/content` })).statusCode, 404);
      assert.equal((await as('eddie', { method: 'GET', url: `/api/projects/${drop.id}` })).statusCode, 404);
      const shares = await suite.handle.db.selectFrom('shares').select('id').where('item_kind', '=', 'project').where('item_id', '=', drop.id).execute();
      assert.deepEqual(shares, []);
    });
  },
  { DATA_DIR: dataDir },
);
