import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { PROMPT_MAX_PER_USER, apiErrorSchema, promptListResponseSchema, promptSchema, type Prompt, type PromptDefinitionInput } from '@assistant/contracts';
import { describeWithColleagues, type Colleague } from './support/colleagues-test-app';

/**
 * The prompt library's access matrix (docs/prompts.md): Maria owns; Tom reads through a view share
 * with finance; Eddie edits through an edit share by name; Sam is in sales; the administrator has
 * no rights over others' prompts. Shares go through the sharing routes (PUT /api/shares/prompt/{id}).
 */
const DRAFT: PromptDefinitionInput = { title: 'Polite reminder', text: 'Write a polite reminder to {{name}} about {{ topic }}, due {{due_date}}. Keep {{name}} in copy; {{ user.name }} is text.' };
const OTHERS = ['tom', 'eddie', 'sam', 'admin'] as const;

describeWithColleagues('prompt library API', (suite) => {

  async function create(person: Colleague, body: PromptDefinitionInput = DRAFT): Promise<Prompt> {
    const response = await suite.t.as(person, { method: 'POST', url: '/api/prompts', payload: body });
    assert.equal(response.statusCode, 201, response.body);
    return promptSchema.parse(response.json());
  }
  async function list(person: Colleague): Promise<Prompt[]> {
    const response = await suite.t.as(person, { method: 'GET', url: '/api/prompts' });
    assert.equal(response.statusCode, 200, response.body);
    return promptListResponseSchema.parse(response.json()).prompts;
  }
  const code = (body: unknown) => apiErrorSchema.parse(body).code;

  it('creates a prompt with its variables, and lists it for its owner alone', async () => {
    const prompt = await create('maria');
    assert.equal(prompt.title, 'Polite reminder');
    // {{name}} once, in order of first use; {{ user.name }} is no variable.
    assert.deepEqual(prompt.variables, ['name', 'topic', 'due_date']);
    assert.deepEqual(prompt.sharing, { access: 'owner', shared_by: null, shared_with: [] });
    assert.deepEqual(
      (await list('maria')).map((p) => p.id),
      [prompt.id],
    );
    for (const person of OTHERS) assert.deepEqual(await list(person), [], person);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `/api/prompts/${prompt.id}` }), { tom: 404, eddie: 404, sam: 404, admin: 404 });
  });

  it('holds the access matrix on every call: read, change, delete, sharing', async () => {
    const prompt = await create('maria', { title: 'Matrix', text: 'Summarise {{text}}.' });
    await suite.t.share('maria', 'prompt', prompt.id, [
      { target: { type: 'group', id: '/finance' }, role: 'view' },
      { target: { type: 'user', id: 'eddie' }, role: 'edit' },
    ]);
    const url = `/api/prompts/${prompt.id}`;
    const shares = `/api/shares/prompt/${prompt.id}`;
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url }), { tom: 200, eddie: 200, sam: 404, admin: 404 });
    assert.deepEqual(await suite.t.statuses(OTHERS, (person) => ({ method: 'PUT', url, payload: { title: `By ${person}`, text: 'Summarise {{text}} briefly.' } })), {
      tom: 403,
      eddie: 200,
      sam: 404,
      admin: 404,
    });
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'DELETE', url }), { tom: 403, eddie: 403, sam: 404, admin: 404 });
    // Only the owner manages the sharing; nobody else learns who has access.
    assert.deepEqual(await suite.t.statuses(['maria', ...OTHERS], { method: 'GET', url: shares }), { maria: 200, tom: 404, eddie: 404, sam: 404, admin: 404 });
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'PUT', url: shares, payload: { shares: [] } }), { tom: 404, eddie: 404, sam: 404, admin: 404 });
    const refused = await suite.t.as('maria', { method: 'PUT', url, payload: { title: 'x' } });
    assert.equal(refused.statusCode, 400);

    // The editor's change is what everyone reads now; the others' changed nothing.
    const read = promptSchema.parse((await suite.t.as('tom', { method: 'GET', url })).json());
    assert.equal(read.title, 'By eddie');
    assert.equal(read.text, 'Summarise {{text}} briefly.');
    assert.deepEqual(read.variables, ['text']);

    // How it reaches each: owner and editor see with whom it is shared; the reader who shared it.
    const [mine] = (await list('maria')).filter((p) => p.id === prompt.id);
    assert.deepEqual(mine?.sharing, {
      access: 'owner',
      shared_by: null,
      shared_with: [
        { type: 'group', name: 'finance' },
        { type: 'user', name: 'Eddie Editor' },
      ],
    });
    const [edited] = await list('eddie');
    assert.equal(edited?.sharing.access, 'edit');
    assert.deepEqual(edited?.sharing.shared_by, { sub: 'maria', name: 'Maria Muster' });
    assert.equal(edited?.sharing.shared_with.length, 2);
    const [viewed] = await list('tom');
    assert.deepEqual(viewed?.sharing, { access: 'view', shared_by: { sub: 'maria', name: 'Maria Muster' }, shared_with: [] });
    assert.deepEqual(await list('sam'), []);
    assert.deepEqual(await list('admin'), []);

    // In the recipients' "shared with me", by its title.
    const shared = (await suite.t.as('tom', { method: 'GET', url: '/api/shared-with-me' })).json() as { items: Array<{ kind: string; id: string; name: string }> };
    assert.ok(shared.items.some((item) => item.kind === 'prompt' && item.id === prompt.id && item.name === 'By eddie'));

    // The owner deletes it, and its shares go with it.
    assert.equal((await suite.t.as('maria', { method: 'DELETE', url })).statusCode, 204);
    assert.deepEqual(await suite.t.statuses(['maria', ...OTHERS], { method: 'GET', url }), { maria: 404, tom: 404, eddie: 404, sam: 404, admin: 404 });
    const rest = await suite.handle.db.selectFrom('shares').select('id').where('item_kind', '=', 'prompt').where('item_id', '=', prompt.id).execute();
    assert.deepEqual(rest, []);
  });

  it('reaches everyone when shared with the company, to read only', async () => {
    const prompt = await create('admin', { title: 'Company wide', text: 'Hello' });
    await suite.t.share('admin', 'prompt', prompt.id, [{ target: { type: 'company' }, role: 'view' }]);
    for (const person of ['maria', 'tom', 'sam'] as const) assert.ok((await list(person)).some((p) => p.id === prompt.id), person);
    assert.deepEqual(await suite.t.statuses(['maria', 'tom', 'sam'], { method: 'PUT', url: `/api/prompts/${prompt.id}`, payload: { title: 'x', text: 'y' } }), {
      maria: 403,
      tom: 403,
      sam: 403,
    });
    assert.equal((await suite.t.as('admin', { method: 'DELETE', url: `/api/prompts/${prompt.id}` })).statusCode, 204);
  });

  it('refuses bad bodies and unknown ids with the contract’s answers', async () => {
    const bad = await suite.t.as('maria', { method: 'POST', url: '/api/prompts', payload: { title: '  ', text: 'x', extra: 1 } });
    assert.equal(bad.statusCode, 400);
    assert.equal(code(bad.json()), 'validation_failed');
    const paths = (apiErrorSchema.parse(bad.json()).issues ?? []).map((issue) => issue.path.join('.'));
    assert.ok(paths.includes('body.title'), paths.join());
    assert.equal((await suite.t.as('maria', { method: 'GET', url: '/api/prompts/not-a-uuid' })).statusCode, 400);
    const missing = await suite.t.as('maria', { method: 'GET', url: `/api/prompts/${randomUUID()}` });
    assert.equal(missing.statusCode, 404);
    assert.equal(code(missing.json()), 'not_found');
    const trimmed = await create('maria', { title: '  Spaces  ', text: '\n Text \n' });
    assert.equal(trimmed.title, 'Spaces');
    assert.equal(trimmed.text, 'Text');
  });

  it('keeps at most PROMPT_MAX_PER_USER prompts per user (shared ones do not count)', async () => {
    const { count } = await suite.handle.db
      .selectFrom('prompts')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('owner_id', '=', 'sam')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const missing = PROMPT_MAX_PER_USER - Number(count);
    await suite.handle.db
      .insertInto('prompts')
      .values(Array.from({ length: missing }, (_, i) => ({ id: randomUUID(), owner_id: 'sam', title: `P${i}`, text: 't', created_at: now, updated_at: now })))
      .execute();
    const refused = await suite.t.as('sam', { method: 'POST', url: '/api/prompts', payload: { title: 'One more', text: 't' } });
    assert.equal(refused.statusCode, 409);
    assert.equal(code(refused.json()), 'conflict');
    await create('tom', { title: 'Still fine', text: 't' });
  });
});
