import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { PROMPT_MAX_PER_USER, apiErrorSchema, promptListResponseSchema, promptSchema, type Prompt, type PromptDefinitionInput, type ShareUpdate } from '@assistant/contracts';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app';
import type { Viewer } from '../auth/principal';
import { createTokenVerifier } from '../auth/token-verifier';
import type { DatabaseHandle } from '../db/database';
import { PromptsRepository } from '../prompts/prompts-repository';
import { groupNamer } from '../sharing/group-names';
import { promptKind } from '../sharing/kinds/prompt';
import { SharesRepository } from '../sharing/shares-repository';
import { testConfig } from '../testing/test-config';
import { testDatabaseTargets } from '../testing/test-databases';
import { TestIssuer } from '../testing/test-issuer';

/**
 * The access matrix of the prompt library: the owner, a colleague it is shared with to read, one
 * of a group it is shared with to edit, an outsider in another group and an administrator.
 */
const PEOPLE = {
  owner: { sub: 'maria', name: 'Maria', roles: [] as string[], groups: ['finance'] },
  reader: { sub: 'reader', name: 'Rita Reader', roles: [] as string[], groups: [] as string[] },
  editor: { sub: 'colleague', name: 'Colin', roles: [] as string[], groups: ['finance'] },
  outsider: { sub: 'outsider', name: 'Otto', roles: [] as string[], groups: ['sales'] },
  admin: { sub: 'admin', name: 'Ada', roles: ['admin'] as string[], groups: ['it'] },
};
type Person = keyof typeof PEOPLE;
const viewerOf = (person: Person): Viewer => ({ sub: PEOPLE[person].sub, isAdmin: person === 'admin', groups: PEOPLE[person].groups });

const DRAFT: PromptDefinitionInput = { title: 'Polite reminder', text: 'Write a polite reminder to {{name}} about {{ topic }}, due {{due_date}}. Keep {{name}} in copy; {{ user.name }} is text.' };

for (const target of testDatabaseTargets()) {
  describe(`prompt library API on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let issuer: TestIssuer;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let audience: string;
    let shares: SharesRepository;
    let prompts: PromptsRepository;

    before(async () => {
      handle = await target.open();
      issuer = await TestIssuer.start();
      const config = testConfig(issuer.issuer, { ADMIN_ROLE: 'admin' });
      audience = config.auth.audience;
      const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience, algorithms: config.auth.algorithms });
      app = await buildApp({ config, db: handle.db, verifier, logger: false, notifications: handle.notifications });
      shares = new SharesRepository(handle.db, groupNamer({}));
      prompts = new PromptsRepository(handle.db, shares);
      // The directory names the sharer ("shared by Maria") and the targets.
      await handle.db
        .insertInto('directory_users')
        .values(Object.values(PEOPLE).map((person) => ({ sub: person.sub, name: person.name, email: null })))
        .onConflict((oc) => oc.column('sub').doNothing())
        .execute();
      await handle.db.insertInto('directory_groups').values({ id: 'finance', display_name: 'Finance' }).onConflict((oc) => oc.column('id').doNothing()).execute();
    });
    after(async () => {
      await app.close();
      await issuer.close();
      await handle.close();
    });

    async function as(person: Person, options: InjectOptions, groups = PEOPLE[person].groups) {
      const { sub, name, roles } = PEOPLE[person];
      const token = await issuer.sign({ sub, name, roles, groups }, { audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    }
    async function create(person: Person, body: PromptDefinitionInput = DRAFT): Promise<Prompt> {
      const response = await as(person, { method: 'POST', url: '/api/prompts', payload: body });
      assert.equal(response.statusCode, 201, response.body);
      return promptSchema.parse(response.json());
    }
    async function list(person: Person, groups?: string[]): Promise<Prompt[]> {
      const response = await as(person, { method: 'GET', url: '/api/prompts' }, groups);
      assert.equal(response.statusCode, 200, response.body);
      return promptListResponseSchema.parse(response.json()).prompts;
    }
    async function share(prompt: Prompt, update: ShareUpdate['shares']) {
      const kind = promptKind(prompts);
      const item = await kind.findManageable(viewerOf('owner'), prompt.id);
      assert.ok(item, 'the owner manages the sharing');
      await shares.replace(kind, item, { shares: update }, viewerOf('owner'));
    }
    const code = (body: unknown) => apiErrorSchema.parse(body).code;

    it('creates a prompt with its variables, and lists it for its owner alone', async () => {
      const prompt = await create('owner');
      assert.equal(prompt.title, 'Polite reminder');
      // {{name}} once, in order of first use; {{ user.name }} is no variable.
      assert.deepEqual(prompt.variables, ['name', 'topic', 'due_date']);
      assert.deepEqual(prompt.sharing, { access: 'owner', shared_by: null, shared_with: [] });
      assert.deepEqual(
        (await list('owner')).map((p) => p.id),
        [prompt.id],
      );
      for (const person of ['reader', 'editor', 'outsider', 'admin'] as const) assert.deepEqual(await list(person), [], person);
    });

    it('holds the access matrix: read, change and delete per person', async () => {
      const prompt = await create('owner', { title: 'Matrix', text: 'Summarise {{text}}.' });
      await share(prompt, [
        { target: { type: 'user', id: 'reader' }, role: 'view' },
        { target: { type: 'group', id: 'finance' }, role: 'edit' },
      ]);
      const url = `/api/prompts/${prompt.id}`;
      const expected: Record<Person, { get: number; put: number; del: number }> = {
        owner: { get: 200, put: 200, del: 204 },
        reader: { get: 200, put: 403, del: 403 },
        editor: { get: 200, put: 200, del: 403 },
        outsider: { get: 404, put: 404, del: 404 },
        admin: { get: 404, put: 404, del: 404 },
      };
      for (const person of ['reader', 'editor', 'outsider', 'admin'] as const) {
        const got = await as(person, { method: 'GET', url });
        assert.equal(got.statusCode, expected[person].get, `${person} GET`);
        const put = await as(person, { method: 'PUT', url, payload: { title: `By ${person}`, text: 'Summarise {{text}} briefly.' } });
        assert.equal(put.statusCode, expected[person].put, `${person} PUT ${put.body}`);
        if (put.statusCode !== 200) assert.equal(code(put.json()), put.statusCode === 403 ? 'forbidden' : 'not_found');
        const del = await as(person, { method: 'DELETE', url });
        assert.equal(del.statusCode, expected[person].del, `${person} DELETE`);
      }
      // The editor's change is what everyone reads now; the outsider's and the reader's changed nothing.
      const read = promptSchema.parse((await as('reader', { method: 'GET', url })).json());
      assert.equal(read.title, 'By editor');
      assert.equal(read.text, 'Summarise {{text}} briefly.');

      // How it reaches each: owner and editor see with whom it is shared; the reader who shared it.
      const [mine] = (await list('owner')).filter((p) => p.id === prompt.id);
      assert.deepEqual(mine?.sharing, {
        access: 'owner',
        shared_by: null,
        shared_with: [
          { type: 'group', name: 'Finance' },
          { type: 'user', name: 'Rita Reader' },
        ],
      });
      const [edited] = (await list('editor')).filter((p) => p.id === prompt.id);
      assert.equal(edited?.sharing.access, 'edit');
      assert.deepEqual(edited?.sharing.shared_by, { sub: 'maria', name: 'Maria' });
      assert.equal(edited?.sharing.shared_with.length, 2);
      const [viewed] = await list('reader');
      assert.deepEqual(viewed?.sharing, { access: 'view', shared_by: { sub: 'maria', name: 'Maria' }, shared_with: [] });
      assert.deepEqual(await list('outsider'), []);
      assert.deepEqual(await list('admin'), []);

      // Only the owner manages the sharing: the editor's kind lookup finds nothing to manage.
      assert.equal(await promptKind(prompts).findManageable(viewerOf('editor'), prompt.id), undefined);
      assert.deepEqual(await promptKind(prompts).nameOf([prompt.id, 'not-a-uuid']), new Map([[prompt.id, 'By editor']]));

      // Leaving the group takes the edit right with it (the next token carries no finance).
      const left = await as('editor', { method: 'GET', url }, []);
      assert.equal(left.statusCode, 404);

      // The owner deletes it, and its shares go with it.
      assert.equal((await as('owner', { method: 'DELETE', url })).statusCode, 204);
      assert.equal((await as('owner', { method: 'GET', url })).statusCode, 404);
      const rest = await handle.db.selectFrom('shares').select('id').where('item_kind', '=', 'prompt').where('item_id', '=', prompt.id).execute();
      assert.deepEqual(rest, []);
    });

    it('reaches everyone when shared with the company, to read only', async () => {
      const prompt = await create('owner', { title: 'Company wide', text: 'Hello' });
      await share(prompt, [{ target: { type: 'company' }, role: 'view' }]);
      for (const person of ['reader', 'outsider', 'admin'] as const) {
        assert.ok((await list(person)).some((p) => p.id === prompt.id), person);
        assert.equal((await as(person, { method: 'PUT', url: `/api/prompts/${prompt.id}`, payload: { title: 'x', text: 'y' } })).statusCode, 403, person);
      }
      assert.equal((await as('owner', { method: 'DELETE', url: `/api/prompts/${prompt.id}` })).statusCode, 204);
    });

    it('refuses bad bodies and unknown ids with the contract’s answers', async () => {
      const bad = await as('owner', { method: 'POST', url: '/api/prompts', payload: { title: '  ', text: 'x', extra: 1 } });
      assert.equal(bad.statusCode, 400);
      assert.equal(code(bad.json()), 'validation_failed');
      const paths = (apiErrorSchema.parse(bad.json()).issues ?? []).map((issue) => issue.path.join('.'));
      assert.ok(paths.includes('body.title'), paths.join());
      assert.equal((await as('owner', { method: 'GET', url: '/api/prompts/not-a-uuid' })).statusCode, 400);
      const missing = await as('owner', { method: 'GET', url: `/api/prompts/${randomUUID()}` });
      assert.equal(missing.statusCode, 404);
      assert.equal(code(missing.json()), 'not_found');
      const trimmed = await create('owner', { title: '  Spaces  ', text: '\n Text \n' });
      assert.equal(trimmed.title, 'Spaces');
      assert.equal(trimmed.text, 'Text');
    });

    it('keeps at most PROMPT_MAX_PER_USER prompts per user (shared ones do not count)', async () => {
      const { count } = await handle.db
        .selectFrom('prompts')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('owner_id', '=', 'outsider')
        .executeTakeFirstOrThrow();
      const now = new Date();
      const missing = PROMPT_MAX_PER_USER - Number(count);
      await handle.db
        .insertInto('prompts')
        .values(Array.from({ length: missing }, (_, i) => ({ id: randomUUID(), owner_id: 'outsider', title: `P${i}`, text: 't', created_at: now, updated_at: now })))
        .execute();
      const refused = await as('outsider', { method: 'POST', url: '/api/prompts', payload: { title: 'One more', text: 't' } });
      assert.equal(refused.statusCode, 409);
      assert.equal(code(refused.json()), 'conflict');
      await create('reader', { title: 'Still fine', text: 't' });
    });
  });
}
