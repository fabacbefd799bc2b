import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  adminGroupsResponseSchema,
  apiErrorSchema,
  directoryGroupsResponseSchema,
  directoryPeopleResponseSchema,
  sharedWithMeResponseSchema,
  shareListResponseSchema,
  type ShareUpdate,
} from '@assistant/contracts';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { createTokenVerifier, tokenVerifierOptions } from '../auth/token-verifier';
import type { DatabaseHandle } from '../db/database';
import { testConfig } from '../testing/test-config';
import { testDatabaseTargets } from '../testing/test-databases';
import { TestIssuer } from '../testing/test-issuer';

/**
 * The sharing endpoints over HTTP with real tokens (docs/sharing.md): who may read and change an
 * item's sharing (the IDOR matrix), what a share gives its recipient, the directory filled at
 * sign-in, and a group membership the next token no longer carries.
 */

// Maria owns; Tom and Eddie are her colleagues in finance; Sam is in sales; Otto is in no group;
// Uma's provider puts her groups only in userinfo; the administrator is in it. Eddie may share
// with the company (SHARE_WITH_COMPANY_ROLE).
const PEOPLE = {
  maria: { sub: 'maria', name: 'Maria Muster', email: 'maria@example.com', groups: ['/finance'], roles: [] as string[] },
  tom: { sub: 'tom', name: 'Tom Kollege', email: 'tom@example.com', groups: ['/finance'], roles: [] as string[] },
  eddie: { sub: 'eddie', name: 'Eddie Editor', email: 'eddie@example.com', groups: ['/finance'], roles: ['company-sharers'] },
  sam: { sub: 'sam', name: 'Sam Sales', email: 'sam@example.com', groups: ['/sales'], roles: [] as string[] },
  otto: { sub: 'otto', name: 'Otto Outsider', email: 'otto@example.com', groups: [] as string[], roles: [] as string[] },
  uma: { sub: 'uma', name: 'Uma Userinfo', email: 'uma@example.com', groups: undefined, roles: [] as string[] },
  admin: { sub: 'admin', name: 'Ada Admin', email: 'admin@example.com', groups: ['/it'], roles: ['assistant-admin'] },
};
type Person = keyof typeof PEOPLE;

for (const target of testDatabaseTargets()) {
  describe(`sharing endpoints on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let issuer: TestIssuer;
    let app: Awaited<ReturnType<typeof buildApp>>;
    /** Groups a person's next token carries instead of their usual ones. */
    const groupsNow = new Map<Person, string[]>();

    before(async () => {
      handle = await target.open();
      issuer = await TestIssuer.start();
      issuer.userinfo.set('uma', { groups: ['/sales'] });
      const config = testConfig(issuer.issuer, { SHARE_WITH_COMPANY_ROLE: 'company-sharers', GROUP_NAMES: JSON.stringify({ '/sales': 'Sales team' }) });
      app = await buildApp({ config, db: handle.db, verifier: createTokenVerifier(tokenVerifierOptions(config.auth)), logger: false });
      // Everyone signs in once, so the directory knows them (and the groups they came with).
      for (const person of Object.keys(PEOPLE) as Person[]) assert.equal((await as(person, { method: 'GET', url: '/api/shared-with-me' })).statusCode, 200);
    });
    after(async () => {
      await app.close();
      await issuer.close();
      await handle.close();
    });

    async function as(person: Person, options: InjectOptions) {
      const { groups, ...claims } = PEOPLE[person];
      const carried = groupsNow.get(person) ?? groups;
      const token = await issuer.sign({ ...claims, ...(carried ? { groups: carried } : {}) }, { audience: 'urn:assistant:api' });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    }

    async function createPrompt(owner: Person, title: string): Promise<string> {
      const response = await as(owner, { method: 'POST', url: '/api/prompts', payload: { title, text: 'Summarize {{topic}}' } });
      assert.equal(response.statusCode, 201, response.body);
      return (response.json() as { id: string }).id;
    }

    const share = (person: Person, id: string, update: ShareUpdate) => as(person, { method: 'PUT', url: `/api/shares/prompt/${id}`, payload: update });
    const issuePaths = (body: string) => (apiErrorSchema.parse(JSON.parse(body)).issues ?? []).map((issue) => issue.path.join('.'));

    it('lets only the owner read and change an item’s sharing: everyone else gets 404, as for a missing item', async () => {
      const id = await createPrompt('maria', 'Quarterly report');
      const shared = await share('maria', id, {
        shares: [
          { target: { type: 'user', id: 'tom' }, role: 'view' },
          { target: { type: 'user', id: 'eddie' }, role: 'edit' },
        ],
      });
      assert.equal(shared.statusCode, 200, shared.body);
      const list = shareListResponseSchema.parse(shared.json());
      assert.deepEqual(
        list.shares.map((s) => [s.target, s.role, s.shared_by.name]),
        [
          [{ type: 'user', id: 'eddie', name: 'Eddie Editor' }, 'edit', 'Maria Muster'],
          [{ type: 'user', id: 'tom', name: 'Tom Kollege' }, 'view', 'Maria Muster'],
        ],
      );
      assert.equal(list.can_share_with_company, false);

      // The matrix: an outsider, the view-only recipient, the editor, a member of another group, an administrator.
      for (const person of ['otto', 'tom', 'eddie', 'sam', 'admin'] as const) {
        for (const request of [
          { method: 'GET', url: `/api/shares/prompt/${id}` },
          { method: 'PUT', url: `/api/shares/prompt/${id}`, payload: { shares: [{ target: { type: 'user', id: 'otto' }, role: 'edit' }] } },
          { method: 'DELETE', url: `/api/shares/prompt/${id}` },
        ] as InjectOptions[]) {
          const response = await as(person, request);
          assert.equal(response.statusCode, 404, `${person} ${request.method}: ${response.body}`);
          assert.equal(apiErrorSchema.parse(response.json()).code, 'not_found');
        }
      }
      // Nothing of theirs changed the list.
      assert.deepEqual(shareListResponseSchema.parse((await as('maria', { method: 'GET', url: `/api/shares/prompt/${id}` })).json()).shares, list.shares);

      // The item itself: recipients read it, the editor changes it, the viewer may not, the others do not see it.
      const reads = Object.fromEntries(await Promise.all((['tom', 'eddie', 'sam', 'otto', 'admin'] as const).map(async (person) => [person, (await as(person, { method: 'GET', url: `/api/prompts/${id}` })).statusCode])));
      assert.deepEqual(reads, { tom: 200, eddie: 200, sam: 404, otto: 404, admin: 404 });
      const edit = (person: Person) => as(person, { method: 'PUT', url: `/api/prompts/${id}`, payload: { title: 'Quarterly report v2', text: 'Summarize {{topic}} briefly' } });
      assert.equal((await edit('eddie')).statusCode, 200);
      assert.equal((await edit('tom')).statusCode, 403);
      assert.equal((await edit('sam')).statusCode, 404);

      // An unknown kind or a kind's malformed id: refused before any lookup.
      assert.equal((await as('maria', { method: 'GET', url: `/api/shares/spreadsheet/${id}` })).statusCode, 400);
      assert.equal((await as('maria', { method: 'GET', url: '/api/shares/prompt/not-a-uuid' })).statusCode, 400);

      // DELETE stops all sharing: the recipients lose the item at once.
      assert.equal((await as('maria', { method: 'DELETE', url: `/api/shares/prompt/${id}` })).statusCode, 204);
      assert.equal((await as('tom', { method: 'GET', url: `/api/prompts/${id}` })).statusCode, 404);
      assert.deepEqual(shareListResponseSchema.parse((await as('maria', { method: 'GET', url: `/api/shares/prompt/${id}` })).json()).shares, []);

      const audit = await handle.db.selectFrom('audit_log').select(['actor_sub', 'action']).where('subject_id', '=', id).orderBy('id').execute();
      assert.deepEqual(
        audit.map((row) => `${row.actor_sub} ${row.action}`),
        ['maria share.add', 'maria share.add', 'maria share.remove', 'maria share.remove'],
      );
    });

    it('shares a personal collection with a department, and restricts a company collection to another, under the collection rule', async () => {
      const create = async (person: Person, name: string, scope: 'personal' | 'company') => {
        const response = await as(person, { method: 'POST', url: '/api/collections', payload: { name, scope } });
        assert.equal(response.statusCode, 201, response.body);
        return (response.json() as { id: string }).id;
      };
      const statuses = async (url: string, people: readonly Person[]) =>
        Object.fromEntries(await Promise.all(people.map(async (person) => [person, (await as(person, { method: 'GET', url })).statusCode])));
      const everyone = ['maria', 'tom', 'eddie', 'sam', 'otto', 'uma', 'admin'] as const;

      const personal = await create('maria', 'Finance handbook', 'personal');
      const shared = await as('maria', {
        method: 'PUT',
        url: `/api/shares/collection/${personal}`,
        payload: { shares: [{ target: { type: 'group', id: '/finance' }, role: 'view' }, { target: { type: 'user', id: 'eddie' }, role: 'edit' }] },
      });
      assert.equal(shared.statusCode, 200, shared.body);
      assert.deepEqual(await statuses(`/api/collections/${personal}`, everyone), { maria: 200, tom: 200, eddie: 200, sam: 404, otto: 404, uma: 404, admin: 404 });
      assert.deepEqual(await statuses(`/api/shares/collection/${personal}`, everyone), { maria: 200, tom: 404, eddie: 404, sam: 404, otto: 404, uma: 404, admin: 404 });

      // "Only sales": Uma's groups come from userinfo; administrators read every company collection.
      const company = await create('admin', 'Sales playbook', 'company');
      assert.deepEqual(await statuses(`/api/collections/${company}`, ['tom', 'sam']), { tom: 200, sam: 200 });
      const restricted = await as('admin', { method: 'PUT', url: `/api/shares/collection/${company}`, payload: { shares: [{ target: { type: 'group', id: '/sales' }, role: 'view' }] } });
      assert.equal(restricted.statusCode, 200, restricted.body);
      assert.deepEqual(await statuses(`/api/collections/${company}`, everyone), { maria: 404, tom: 404, eddie: 404, sam: 200, otto: 404, uma: 200, admin: 200 });
      assert.deepEqual(await statuses(`/api/shares/collection/${company}`, everyone), { maria: 404, tom: 404, eddie: 404, sam: 404, otto: 404, uma: 404, admin: 200 });
      // The kind's own refusal: a company collection is restricted to groups, never shared with a person.
      const refused = await as('admin', { method: 'PUT', url: `/api/shares/collection/${company}`, payload: { shares: [{ target: { type: 'user', id: 'tom' }, role: 'view' }] } });
      assert.equal(refused.statusCode, 400);
      assert.deepEqual(issuePaths(refused.body), ['body.shares']);
    });

    it('refuses a list naming the sharer, someone who never signed in, an unknown group, or the company without the right', async () => {
      const id = await createPrompt('maria', 'Refusals');
      const refused = await share('maria', id, {
        shares: [
          { target: { type: 'user', id: 'maria' }, role: 'view' },
          { target: { type: 'user', id: 'nobody-ever' }, role: 'view' },
          { target: { type: 'group', id: '/never-seen' }, role: 'view' },
          { target: { type: 'company' }, role: 'view' },
          { target: { type: 'group', id: '/finance' }, role: 'edit' },
        ],
      });
      assert.equal(refused.statusCode, 400, refused.body);
      assert.deepEqual(issuePaths(refused.body), ['body.shares.0.target.id', 'body.shares.1.target.id', 'body.shares.2.target.id', 'body.shares.3.target']);
      // Nothing was stored, not even the acceptable share.
      assert.deepEqual(shareListResponseSchema.parse((await as('maria', { method: 'GET', url: `/api/shares/prompt/${id}` })).json()).shares, []);
      // The same person twice, or an unknown key: the contract refuses it.
      const twice = await share('maria', id, { shares: [{ target: { type: 'user', id: 'tom' }, role: 'view' }, { target: { type: 'user', id: 'tom' }, role: 'edit' }] });
      assert.equal(twice.statusCode, 400);

      // Members of SHARE_WITH_COMPANY_ROLE and administrators may name the company.
      const eddies = await createPrompt('eddie', 'For everyone');
      const withCompany = await share('eddie', eddies, { shares: [{ target: { type: 'company' }, role: 'view' }] });
      assert.equal(withCompany.statusCode, 200, withCompany.body);
      assert.equal(shareListResponseSchema.parse(withCompany.json()).can_share_with_company, true);
      for (const person of ['otto', 'sam', 'uma', 'admin'] as const) assert.equal((await as(person, { method: 'GET', url: `/api/prompts/${eddies}` })).statusCode, 200, person);
    });

    it('gives a group share to the members the token names, userinfo included, and takes it away with the next token that does not', async () => {
      const id = await createPrompt('maria', 'Budget');
      assert.equal((await share('maria', id, { shares: [{ target: { type: 'group', id: '/finance' }, role: 'view' }, { target: { type: 'group', id: '/sales' }, role: 'view' }] })).statusCode, 200);
      // Uma's groups come from userinfo only (her token has no groups claim).
      const readers = Object.fromEntries(await Promise.all((['tom', 'sam', 'uma', 'otto'] as const).map(async (person) => [person, (await as(person, { method: 'GET', url: `/api/prompts/${id}` })).statusCode])));
      assert.deepEqual(readers, { tom: 200, sam: 200, uma: 200, otto: 404 });

      // Tom leaves finance: his next token no longer carries it, and that request is refused already.
      groupsNow.set('tom', ['/sales-north']);
      try {
        assert.equal((await as('tom', { method: 'GET', url: `/api/prompts/${id}` })).statusCode, 404);
        // The directory follows: work outside a request (research, sync) sees his groups as of now.
        const memberships = await handle.db.selectFrom('group_members').select('group_id').where('user_sub', '=', 'tom').execute();
        assert.deepEqual(memberships.map((row) => row.group_id), ['/sales-north']);
      } finally {
        groupsNow.delete('tom');
      }
      assert.equal((await as('tom', { method: 'GET', url: `/api/prompts/${id}` })).statusCode, 200);
    });

    it('finds colleagues and groups who signed in, never the caller', async () => {
      const people = async (person: Person, q: string) =>
        directoryPeopleResponseSchema.parse((await as(person, { method: 'GET', url: `/api/directory/people?q=${encodeURIComponent(q)}` })).json()).people;
      assert.deepEqual(await people('maria', 'TOM'), [{ sub: 'tom', name: 'Tom Kollege', email: 'tom@example.com' }]);
      assert.deepEqual((await people('maria', 'sam@example')).map((p) => p.sub), ['sam']);
      assert.ok(!(await people('maria', '')).some((p) => p.sub === 'maria'));
      assert.ok((await people('maria', '')).length <= 20);
      // A LIKE wildcard is a character like any other.
      assert.deepEqual(await people('maria', '%'), []);

      const groups = async (q: string) => directoryGroupsResponseSchema.parse((await as('otto', { method: 'GET', url: `/api/directory/groups?q=${encodeURIComponent(q)}` })).json()).groups;
      const finance = (await groups('FIN')).find((group) => group.id === '/finance');
      assert.deepEqual(finance, { id: '/finance', name: 'finance', member_count: 3 });
      // GROUP_NAMES names Entra-style ids, and is searched too.
      assert.deepEqual((await groups('team')).map((group) => [group.id, group.name]), [['/sales', 'Sales team']]);
      const tooLong = await as('otto', { method: 'GET', url: `/api/directory/people?q=${'x'.repeat(101)}` });
      assert.equal(tooLong.statusCode, 400);
    });

    it('lets administrators name groups (recorded in the audit log); nobody else', async () => {
      const listed = adminGroupsResponseSchema.parse((await as('admin', { method: 'GET', url: '/api/admin/groups' })).json()).groups;
      assert.deepEqual(
        listed.filter((group) => ['/finance', '/it'].includes(group.id)).map((group) => [group.id, group.name, group.display_name, group.member_count]),
        [
          ['/finance', 'finance', null, 3],
          ['/it', 'it', null, 1],
        ],
      );
      const renamed = await as('admin', { method: 'PUT', url: `/api/admin/groups/${encodeURIComponent('/finance')}`, payload: { display_name: 'Finance department' } });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal((renamed.json() as { name: string }).name, 'Finance department');
      const groups = directoryGroupsResponseSchema.parse((await as('tom', { method: 'GET', url: '/api/directory/groups?q=department' })).json()).groups;
      assert.deepEqual(groups.map((group) => group.name), ['Finance department']);
      const audit = await handle.db.selectFrom('audit_log').select(['actor_sub', 'action', 'before', 'after']).where('subject_kind', '=', 'group').execute();
      assert.deepEqual(audit, [{ actor_sub: 'admin', action: 'group.rename', before: { display_name: null }, after: { display_name: 'Finance department' } }]);

      assert.equal((await as('admin', { method: 'PUT', url: '/api/admin/groups/%2Fnever-seen', payload: { display_name: 'X' } })).statusCode, 404);
      for (const request of [
        { method: 'GET', url: '/api/admin/groups' },
        { method: 'PUT', url: '/api/admin/groups/%2Ffinance', payload: { display_name: 'Mine now' } },
      ] as InjectOptions[]) {
        assert.equal((await as('maria', request)).statusCode, 403);
      }
      // Back to the provider's name.
      const reset = await as('admin', { method: 'PUT', url: '/api/admin/groups/%2Ffinance', payload: { display_name: null } });
      assert.equal((reset.json() as { name: string }).name, 'finance');
    });

    it("lists what others shared with the caller, newest first, with what is new since they looked, and not what is gone", async () => {
      const first = await createPrompt('maria', 'First for Sam');
      const second = await createPrompt('eddie', 'Second for sales');
      const gone = await createPrompt('maria', 'Deleted later');
      await share('maria', first, { shares: [{ target: { type: 'user', id: 'sam' }, role: 'edit' }] });
      await share('eddie', second, { shares: [{ target: { type: 'group', id: '/sales' }, role: 'view' }] });
      await share('maria', gone, { shares: [{ target: { type: 'user', id: 'sam' }, role: 'view' }] });
      assert.equal((await as('maria', { method: 'DELETE', url: `/api/prompts/${gone}` })).statusCode, 204);

      const read = async (person: Person) => sharedWithMeResponseSchema.parse((await as(person, { method: 'GET', url: '/api/shared-with-me' })).json());
      const sams = await read('sam');
      const mine = sams.items.filter((item) => [first, second, gone].includes(item.id));
      assert.deepEqual(
        mine.map((item) => [item.name, item.role, item.shared_by.name, item.via, item.unseen]),
        [
          ['Second for sales', 'view', 'Eddie Editor', { type: 'group', name: 'Sales team' }, true],
          ['First for Sam', 'edit', 'Maria Muster', { type: 'user' }, true],
        ],
      );
      assert.equal(sams.last_seen_at, null);
      assert.equal(sams.unseen, sams.items.length);

      assert.equal((await as('sam', { method: 'PUT', url: '/api/shared-with-me/seen' })).statusCode, 204);
      const seen = await read('sam');
      assert.equal(seen.unseen, 0);
      assert.ok(seen.last_seen_at);
      assert.ok(seen.items.every((item) => !item.unseen));

      // The sharer's own shares are not "shared with me"; nor are another person's.
      assert.ok(!(await read('maria')).items.some((item) => item.id === first));
      assert.ok(!(await read('otto')).items.some((item) => item.id === first || item.id === second));
    });
  });
}
