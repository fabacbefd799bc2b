import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { LibraryConnectionsRepository } from '../../libraries/library-connections-repository';
import { LibrarySecrets } from '../../libraries/library-secrets';
import { LibraryBindingsRepository } from '../../libraries/sync/library-bindings-repository';
import { testDatabaseTargets } from '../../testing/test-databases';
import { AuditLog } from '../audit-log';
import { REDACTED } from '../redact-secrets';

const employee = { sub: 'employee', isAdmin: false, groups: [] };

for (const target of testDatabaseTargets()) {
  describe(`audit log on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let audit: AuditLog;
    before(async () => {
      handle = await target.open();
      audit = new AuditLog(handle.db);
    });
    after(() => handle.close());

    const rowsOf = (subjectId: string) =>
      handle.db.selectFrom('audit_log').select(['actor_sub', 'action', 'subject_kind', 'before', 'after']).where('subject_id', '=', subjectId).orderBy('id').execute();
    const idOf = async (subjectId: string) => (await handle.db.selectFrom('audit_log').select('id').where('subject_id', '=', subjectId).executeTakeFirstOrThrow()).id;

    describe('append-only in the database', () => {
      it('refuses UPDATE, DELETE and TRUNCATE, whoever sends them', async () => {
        await audit.record({ actor: 'admin', action: 'settings.change', subjectKind: 'settings', subjectId: 'locked', before: { feature_set: '1' }, after: { feature_set: 'BETA' } });
        const id = await idOf('locked');
        await assert.rejects(handle.db.updateTable('audit_log').set({ actor_sub: 'someone-else' }).where('id', '=', id).execute(), /append-only: UPDATE refused/);
        await assert.rejects(handle.db.deleteFrom('audit_log').where('id', '=', id).execute(), /append-only: DELETE refused/);
        await assert.rejects(sql`truncate audit_log`.execute(handle.db), /append-only: TRUNCATE refused/);
        assert.deepEqual(await rowsOf('locked'), [
          { actor_sub: 'admin', action: 'settings.change', subject_kind: 'settings', before: { feature_set: '1' }, after: { feature_set: 'BETA' } },
        ]);
      });

      it("lets a transaction that set the audit log's retention delete, and that transaction alone", async () => {
        await audit.record({ actor: 'admin', action: 'settings.change', subjectKind: 'settings', subjectId: 'expired' });
        const id = await idOf('expired');
        await handle.db.transaction().execute(async (trx) => {
          await sql`set local assistant.audit_retention = 'on'`.execute(trx);
          // Retention deletes; it never changes a record.
          await assert.rejects(trx.updateTable('audit_log').set({ actor_sub: 'x' }).where('id', '=', id).execute(), /UPDATE refused/);
        }).catch(() => undefined);
        await handle.db.transaction().execute(async (trx) => {
          await sql`set local assistant.audit_retention = 'on'`.execute(trx);
          await trx.deleteFrom('audit_log').where('id', '=', id).execute();
        });
        assert.deepEqual(await rowsOf('expired'), []);

        // SET LOCAL ended with its transaction; another value is no permission either.
        await audit.record({ actor: 'admin', action: 'settings.change', subjectKind: 'settings', subjectId: 'kept' });
        await assert.rejects(handle.db.deleteFrom('audit_log').where('subject_id', '=', 'kept').execute(), /DELETE refused/);
        await assert.rejects(
          handle.db.transaction().execute(async (trx) => {
            await sql`set local assistant.audit_retention = 'yes'`.execute(trx);
            await trx.deleteFrom('audit_log').where('subject_id', '=', 'kept').execute();
          }),
          /DELETE refused/,
        );
        assert.equal((await rowsOf('kept')).length, 1);
      });
    });

    it('redacts secret-named fields however deep, and keeps token counts and nulls', async () => {
      await audit.record({
        actor: 'admin',
        action: 'mcp_server.change',
        subjectKind: 'mcp_server',
        subjectId: 'redacted',
        before: { bearer_token: null, name: 'Wiki' },
        after: { bearer_token: 'tok-123', nested: [{ client_secret: 'cs-456', apiKey: 'ak-789', password: 'pw' }], monthly_tokens: 5000, token_budget: 7 },
      });
      const [row] = await rowsOf('redacted');
      assert.deepEqual(row!.before, { bearer_token: null, name: 'Wiki' });
      assert.deepEqual(row!.after, {
        bearer_token: REDACTED,
        nested: [{ client_secret: REDACTED, apiKey: REDACTED, password: REDACTED }],
        monthly_tokens: 5000,
        token_budget: 7,
      });
    });

    it('records library connections and bindings in their transactions, never the credentials', async () => {
      const connections = new LibraryConnectionsRepository(handle.db, new LibrarySecrets([{ id: 'test', key: randomBytes(32) }]));
      const bindings = new LibraryBindingsRepository(handle.db, connections);
      const collectionId = randomUUID();
      await handle.db.insertInto('collections').values({ id: collectionId, scope: 'personal', owner_id: employee.sub, name: 'Team documents' }).execute();

      const connection = await connections.create(employee, {
        scope: 'personal',
        kind: 'webdav',
        name: 'Cloud',
        url: 'https://dav.example/remote.php/dav',
        account: 'employee',
        credentials: { username: 'employee', appPassword: 'hunter2-app-password' },
      });
      const created = await bindings.create(connection.id, collectionId, [{ id: 'f1', path: '/Team' }], employee.sub);
      assert.ok(Array.isArray(created));
      const bindingId = created[0]!.id;
      assert.equal(await bindings.create(connection.id, collectionId, [{ id: 'f1', path: '/Team' }], employee.sub), 'conflict');
      await bindings.delete(bindingId, employee.sub);
      assert.equal(await connections.delete(connection.id, employee), true);

      const library = { kind: 'webdav', scope: 'personal', name: 'Cloud', url: 'https://dav.example/remote.php/dav', account: 'employee', owner: 'employee' };
      assert.deepEqual(await rowsOf(connection.id), [
        { actor_sub: 'employee', action: 'library.connect', subject_kind: 'library', before: null, after: library },
        { actor_sub: 'employee', action: 'library.disconnect', subject_kind: 'library', before: library, after: null },
      ]);
      const binding = { library: connection.id, collection: collectionId, folder_path: '/Team' };
      // The refused second binding left no record.
      assert.deepEqual(await rowsOf(bindingId), [
        { actor_sub: 'employee', action: 'library.bind', subject_kind: 'library_binding', before: null, after: binding },
        { actor_sub: 'employee', action: 'library.unbind', subject_kind: 'library_binding', before: binding, after: null },
      ]);
      const all = JSON.stringify(await handle.db.selectFrom('audit_log').selectAll().execute());
      assert.ok(!all.includes('hunter2'), 'no credential in the audit log');
      assert.equal((await handle.db.selectFrom('audit_log').select('id').where('action', '=', 'library.bind').execute()).length, 1);
    });
  });
}
