import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AUDIT_PAGE_SIZE, auditPageSchema, type AdminSettings, type AuditEntry } from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const INSTRUCTIONS = 'Confidential instructions: plan the merger with Example Corp.';
const TEMPLATE = 'Write a confidential memo about {{topic}}.';

for (const target of testDatabaseTargets()) {
  describe(`audit log API on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let t: TestApp;
    before(async () => {
      handle = await target.open();
      t = await startTestApp(handle);
    });
    after(() => t.close());

    const page = async (query: string) => {
      const response = await t.as('admin', { method: 'GET', url: `/api/admin/audit?${query}` });
      assert.equal(response.statusCode, 200, response.body);
      return auditPageSchema.parse(response.json());
    };
    const recordsOf = async (subjectId: string) => (await page(`actor=admin`)).entries.filter((entry) => entry.subject_id === subjectId).reverse();
    const changes = (entries: AuditEntry[]) => entries.map(({ action, before, after }) => ({ action, before, after }));
    /** Rows inserted as they were written at `at` (inserting is what the database allows). */
    const seed = (rows: Array<{ at: string; actor: string; action: string; subjectId: string; after?: unknown }>) =>
      handle.db
        .insertInto('audit_log')
        .values(rows.map((row) => ({ at: new Date(row.at), actor_sub: row.actor, action: row.action, subject_kind: 'test', subject_id: row.subjectId, after: row.after === undefined ? null : JSON.stringify(row.after) })))
        .execute();

    describe('who may read it', () => {
      it('refuses everyone but administrators, and offers no way to change or delete a record', async () => {
        for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
          const refused = await t.as('employee', { method: 'GET', url });
          assert.equal(refused.statusCode, 403, refused.body);
          assert.equal(refused.json().code, 'forbidden');
          assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 401);
        }
        for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
          assert.equal((await t.as('admin', { method, url: '/api/admin/audit', payload: {} })).statusCode, 404, method);
        }
      });

      it('refuses filters off the contract', async () => {
        for (const query of ['action=drop.table', 'from=2026-13-01', 'cursor=abc', 'cursor=1;drop']) {
          assert.equal((await t.as('admin', { method: 'GET', url: `/api/admin/audit?${query}` })).statusCode, 400, query);
        }
      });
    });

    describe('what is recorded', () => {
      it('settings, flags and customization: only what changed, a logo as its hash', async () => {
        const settings = (await t.as('admin', { method: 'GET', url: '/api/admin/settings' })).json() as AdminSettings;
        const patch = (payload: object) => t.as('admin', { method: 'PATCH', url: '/api/admin/settings', payload });
        assert.equal((await patch({ feature_flags: { enableChat: !settings.feature_flags.enableChat } })).statusCode, 200);
        const logo = { type: 'png', name: 'logo.png', data: PNG_1PX };
        assert.equal((await patch({ customization: { ...settings.customization, application_name: 'Audited portal', logo } })).statusCode, 200);
        assert.equal((await patch({ feature_set: '1', confirm_lockout: true })).statusCode, 200);
        assert.equal((await patch({ feature_set: 'BETA' })).statusCode, 200);
        // A refused change leaves no record.
        assert.equal((await patch({ feature_flags: { enableCustomization: false } })).statusCode, 409);

        const flags = await recordsOf('feature_flags');
        assert.deepEqual(changes(flags), [
          { action: 'flags.change', before: { enableChat: settings.feature_flags.enableChat }, after: { enableChat: !settings.feature_flags.enableChat } },
        ]);
        assert.deepEqual(flags[0]!.actor, { sub: 'admin', name: 'admin@example.com' });
        assert.deepEqual(changes(await recordsOf('feature_set')), [
          { action: 'settings.change', before: { feature_set: 'BETA' }, after: { feature_set: '1' } },
          { action: 'settings.change', before: { feature_set: '1' }, after: { feature_set: 'BETA' } },
        ]);
        const [customization] = await recordsOf('customization');
        assert.equal(customization!.action, 'customization.change');
        assert.deepEqual(Object.keys(customization!.after as object).sort(), ['application_name', 'logo']);
        assert.deepEqual((customization!.before as { application_name: string }).application_name, settings.customization.application_name);
        const audited = (customization!.after as { logo: { type: string; name: string; sha256: string } }).logo;
        assert.deepEqual({ type: audited.type, name: audited.name }, { type: 'png', name: 'logo.png' });
        assert.match(audited.sha256, /^[0-9a-f]{64}$/);
        assert.ok(!JSON.stringify(customization).includes(PNG_1PX.slice(0, 40)), 'no image bytes');
      });

      it('MCP servers added and removed, their token never', async () => {
        const created = await t.as('admin', { method: 'POST', url: '/api/admin/mcp-servers', payload: { name: 'Wiki', url: 'http://127.0.0.1:9/mcp', bearer_token: 'mcp-token-4711' } });
        assert.equal(created.statusCode, 201, created.body);
        const id = created.json().id as string;
        assert.equal((await t.as('admin', { method: 'DELETE', url: `/api/admin/mcp-servers/${id}` })).statusCode, 204);
        const server = { name: 'Wiki', url: 'http://127.0.0.1:9/mcp', has_auth: true };
        const records = await recordsOf(id);
        assert.deepEqual(changes(records), [
          { action: 'mcp_server.add', before: null, after: server },
          { action: 'mcp_server.remove', before: server, after: null },
        ]);
        assert.ok(!JSON.stringify(records).includes('mcp-token-4711'));
      });

      it('agents and apps published and unpublished, never their instructions or template', async () => {
        // An administrator publishes what they can read: their own (another user's personal one is a 404).
        const agent = await t.as('admin', { method: 'POST', url: '/api/agents', payload: { name: 'Merger helper', description: 'Helps', instructions: INSTRUCTIONS } });
        assert.equal(agent.statusCode, 201, agent.body);
        const agentId = agent.json().id as string;
        for (const visibility of ['company', 'personal']) {
          const changed = await t.as('admin', { method: 'PUT', url: `/api/admin/agents/${agentId}/visibility`, payload: { visibility } });
          assert.equal(changed.statusCode, 200, changed.body);
        }
        assert.deepEqual(changes(await recordsOf(agentId)), [
          { action: 'agent.publish', before: { visibility: 'personal', owner: 'admin' }, after: { visibility: 'company', owner: 'admin' } },
          { action: 'agent.unpublish', before: { visibility: 'company', owner: 'admin' }, after: { visibility: 'personal', owner: 'admin' } },
        ]);

        const settings = (await t.as('admin', { method: 'GET', url: '/api/admin/settings' })).json() as AdminSettings;
        await t.as('admin', { method: 'PATCH', url: '/api/admin/settings', payload: { customization: { ...settings.customization, create_your_own_enabled: true } } });
        const app = await t.as('admin', {
          method: 'POST',
          url: '/api/custom-apps',
          payload: { name: 'Memo', icon: 'mail', description: 'Writes memos', template: TEMPLATE, variables: [{ name: 'topic', label: 'Topic', kind: 'short_text' }] },
        });
        assert.equal(app.statusCode, 201, app.body);
        const appId = app.json().id as string;
        assert.equal((await t.as('admin', { method: 'POST', url: `/api/custom-apps/${appId}/publish` })).statusCode, 200);
        // Publishing what is published already changes nothing and records nothing.
        assert.equal((await t.as('admin', { method: 'POST', url: `/api/custom-apps/${appId}/publish` })).statusCode, 200);
        assert.equal((await t.as('admin', { method: 'POST', url: `/api/custom-apps/${appId}/unpublish` })).statusCode, 200);
        assert.deepEqual(changes(await recordsOf(appId)), [
          { action: 'app.publish', before: { visibility: 'personal', owner: 'admin' }, after: { visibility: 'company', owner: 'admin', version: 2 } },
          { action: 'app.unpublish', before: { visibility: 'company', owner: 'admin' }, after: { visibility: 'personal', owner: 'admin', version: 3 } },
        ]);

        const everything = JSON.stringify(await handle.db.selectFrom('audit_log').selectAll().execute());
        assert.ok(!everything.includes('Confidential'), 'no instructions or template text');
      });
    });

    describe('filters, pages and CSV', () => {
      before(async () => {
        await handle.db
          .insertInto('directory_users')
          .values([
            { sub: 'u-anna', name: 'Anna Schmidt', email: 'anna.schmidt@example.com' },
            { sub: 'u-ben', name: 'Ben 100%_Sure', email: 'ben@example.org' },
            { sub: 'u-eve', name: '=Eve', email: null },
          ])
          .execute();
        await seed([
          { at: '2026-03-01T00:00:00Z', actor: 'u-anna', action: 'share.add', subjectId: 'march-first' },
          { at: '2026-03-02T23:59:59Z', actor: 'u-ben', action: 'share.remove', subjectId: 'march-second' },
          { at: '2026-03-03T00:00:00Z', actor: 'u-anna', action: 'share.remove', subjectId: 'march-third' },
          {
            at: '2026-03-03T10:00:00Z',
            actor: 'u-eve',
            action: 'sign_in.failed',
            subjectId: '@SUM(A1)',
            after: { note: 'a "quoted", comma\nline' },
          },
        ]);
        // A long history of one actor, a day apart, for the pages and the export's batches.
        const day = Date.parse('2025-01-01T12:00:00Z');
        await seed(Array.from({ length: 1_100 }, (_, index) => ({ at: new Date(day + index * 3_600_000).toISOString(), actor: 'u-pager', action: 'retention.run', subjectId: `run-${index}` })));
      });

      const subjects = async (query: string) => (await page(query)).entries.map((entry) => entry.subject_id);

      it('filters by who: the user id, or part of a name or e-mail (wildcards taken literally)', async () => {
        const march = 'from=2026-03-01&to=2026-03-31';
        assert.deepEqual(await subjects(`${march}&actor=u-anna`), ['march-third', 'march-first']);
        assert.deepEqual(await subjects(`${march}&actor=schMIDT`), ['march-third', 'march-first']);
        assert.deepEqual(await subjects(`${march}&actor=EXAMPLE.ORG`), ['march-second']);
        assert.deepEqual(await subjects(`${march}&actor=${encodeURIComponent('100%_')}`), ['march-second']);
        assert.deepEqual(await subjects(`${march}&actor=${encodeURIComponent('%')}`), ['march-second'], '% is a character, not "anything"');
        assert.deepEqual(await subjects(`${march}&actor=u-an`), [], 'a user id matches whole');
        const [entry] = (await page(`${march}&actor=u-anna`)).entries;
        assert.deepEqual(entry!.actor, { sub: 'u-anna', name: 'Anna Schmidt' });
      });

      it('filters by what and by days, both ends inclusive', async () => {
        assert.deepEqual(await subjects('from=2026-03-01&to=2026-03-31&action=share.remove'), ['march-third', 'march-second']);
        assert.deepEqual(await subjects('from=2026-03-01&to=2026-03-02'), ['march-second', 'march-first']);
        assert.deepEqual(await subjects('from=2026-03-03&to=2026-03-03'), ['@SUM(A1)', 'march-third']);
        assert.deepEqual(await subjects('from=2026-03-04&to=2026-03-31'), []);
        // The calendar's ends and the largest cursor the contract allows are no server error.
        assert.equal((await page('from=0000-01-01&to=9999-12-31&action=share.add')).entries.length, 1);
        assert.equal((await page('to=0000-12-31')).entries.length, 0);
        assert.equal((await page('cursor=9999999999999999999&action=share.add')).entries.length, 1);
      });

      it(`pages newest first, ${AUDIT_PAGE_SIZE} at a time, each record once`, async () => {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const next: Awaited<ReturnType<typeof page>> = await page(`actor=u-pager${cursor ? `&cursor=${cursor}` : ''}`);
          assert.ok(next.entries.length <= AUDIT_PAGE_SIZE);
          seen.push(...next.entries.map((entry) => entry.subject_id));
          cursor = next.next_cursor;
          pages += 1;
        } while (cursor);
        assert.equal(pages, Math.ceil(1_100 / AUDIT_PAGE_SIZE));
        assert.deepEqual(seen, Array.from({ length: 1_100 }, (_, index) => `run-${1_099 - index}`));
      });

      it('exports every matching record as CSV, quoted, and formulas defused', async () => {
        const response = await t.as('admin', { method: 'GET', url: '/api/admin/audit.csv?from=2026-03-01&to=2026-03-31' });
        assert.equal(response.statusCode, 200, response.body);
        assert.match(String(response.headers['content-type']), /^text\/csv; charset=utf-8/);
        assert.match(String(response.headers['content-disposition']), /attachment; filename="audit-log.csv"/);
        assert.ok(response.body.startsWith('\uFEFF'));
        const lines = response.body.slice(1).split('\r\n');
        assert.equal(lines.at(-1), '', 'every line ends in CRLF');
        assert.equal(lines[0], 'at,actor,actor name,action,subject kind,subject id,before,after');
        assert.equal(lines[1], `2026-03-03T10:00:00.000Z,u-eve,'=Eve,sign_in.failed,test,'@SUM(A1),,"{""note"":""a \\""quoted\\"", comma\\nline""}"`);
        assert.equal(lines[2], '2026-03-03T00:00:00.000Z,u-anna,Anna Schmidt,share.remove,test,march-third,,');
        assert.equal(lines[4], '2026-03-01T00:00:00.000Z,u-anna,Anna Schmidt,share.add,test,march-first,,');
        assert.equal(lines.length, 1 + 4 + 1);

        const all = await t.as('admin', { method: 'GET', url: '/api/admin/audit.csv?actor=u-pager&action=retention.run' });
        const rows = all.body.trim().split('\r\n').slice(1);
        assert.equal(rows.length, 1_100, 'more than one batch');
        assert.match(rows[0]!, /,run-1099,/);
        assert.match(rows.at(-1)!, /,run-0,/);
      });
    });
  });
}
