import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ShareUpdate } from '@assistant/contracts';
import type { Viewer } from '../../auth/principal';
import type { DatabaseHandle } from '../../db/database';
import { testDatabaseTargets } from '../../testing/test-databases';
import { groupNamer } from '../group-names';
import type { ShareableItem, ShareableKind } from '../shareable-kind';
import { SharesRepository } from '../shares-repository';

const maria: Viewer = { sub: 'maria', isAdmin: false, groups: ['/dept/finance'] };
const tom: Viewer = { sub: 'tom', isAdmin: false, groups: ['/dept/finance'] };
const sam: Viewer = { sub: 'sam', isAdmin: false, groups: ['/sales'] };
const admin: Viewer = { sub: 'admin', isAdmin: true, groups: ['/it'] };

/** A kind of item that lives in this test only: prompts as plain objects, owned by their sharer. */
function testKind(items: ShareableItem[]): ShareableKind & { changes: string[] } {
  const changes: string[] = [];
  return {
    kind: 'prompt',
    roles: ['view', 'edit'],
    changes,
    async findManageable(viewer, id) {
      return items.find((item) => item.id === id && (item.ownerSub === viewer.sub || (item.ownerSub === null && viewer.isAdmin)));
    },
    async nameOf(ids) {
      return new Map(items.filter((item) => ids.includes(item.id)).map((item) => [item.id, item.name]));
    },
    async afterChange(trx, item, update) {
      // Runs inside the transaction: it sees the new list.
      const stored = await trx.selectFrom('shares').select('target_id').where('item_id', '=', item.id).execute();
      changes.push(`${item.id}:${update.shares.length}:${stored.length}`);
    },
  };
}

for (const target of testDatabaseTargets()) {
  describe(`shares repository on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let shares: SharesRepository;
    before(async () => {
      handle = await target.open();
      shares = new SharesRepository(handle.db, groupNamer({ '/sales': 'Sales team' }));
      await handle.db
        .insertInto('directory_users')
        .values([
          { sub: 'maria', name: 'Maria Muster', email: 'maria@example.com' },
          { sub: 'tom', name: 'Tom Kollege', email: null },
        ])
        .execute();
      await handle.db
        .insertInto('directory_groups')
        .values([
          { id: '/dept/finance', display_name: null },
          { id: '/sales', display_name: null },
          { id: '/it', display_name: 'IT department' },
        ])
        .execute();
    });
    after(() => handle.close());

    const item = (id: string, ownerSub: string | null = 'maria'): ShareableItem => ({ id, name: `Item ${id}`, ownerSub });

    it('replaces the list, names its targets and writes one audit row per added, changed or removed share', async () => {
      const kind = testKind([item('p1')]);
      const first: ShareUpdate = {
        shares: [
          { target: { type: 'user', id: 'tom' }, role: 'view' },
          { target: { type: 'group', id: '/sales' }, role: 'view' },
          { target: { type: 'company' }, role: 'view' },
        ],
      };
      const listed = await shares.replace(kind, item('p1'), first, maria);
      assert.deepEqual(
        listed.map((share) => [share.target, share.role, share.shared_by]),
        [
          [{ type: 'company' }, 'view', { sub: 'maria', name: 'Maria Muster' }],
          [{ type: 'group', id: '/sales', name: 'Sales team' }, 'view', { sub: 'maria', name: 'Maria Muster' }],
          [{ type: 'user', id: 'tom', name: 'Tom Kollege' }, 'view', { sub: 'maria', name: 'Maria Muster' }],
        ],
      );
      assert.deepEqual(await shares.list('prompt', 'p1'), listed);

      // Tom gets edit, the company share goes, the group stays as it was, IT is added.
      const second: ShareUpdate = {
        shares: [
          { target: { type: 'group', id: '/sales' }, role: 'view' },
          { target: { type: 'user', id: 'tom' }, role: 'edit' },
          { target: { type: 'group', id: '/it' }, role: 'view' },
        ],
      };
      const relisted = await shares.replace(kind, item('p1'), second, maria);
      assert.deepEqual(
        relisted.map((share) => [share.target.type, 'name' in share.target ? share.target.name : '', share.role]),
        [
          ['group', 'Sales team', 'view'],
          ['group', 'IT department', 'view'],
          ['user', 'Tom Kollege', 'edit'],
        ],
      );
      assert.deepEqual(kind.changes, ['p1:3:3', 'p1:3:3']);

      const audit = await handle.db.selectFrom('audit_log').selectAll().where('subject_id', '=', 'p1').orderBy('id').execute();
      assert.deepEqual(
        audit.map((row) => [row.actor_sub, row.action, row.subject_kind, row.before, row.after]),
        [
          ['maria', 'share.add', 'prompt', null, { target: { type: 'user', id: 'tom' }, role: 'view' }],
          ['maria', 'share.add', 'prompt', null, { target: { type: 'group', id: '/sales' }, role: 'view' }],
          ['maria', 'share.add', 'prompt', null, { target: { type: 'company' }, role: 'view' }],
          ['maria', 'share.remove', 'prompt', { target: { type: 'company' }, role: 'view' }, null],
          ['maria', 'share.change', 'prompt', { target: { type: 'user', id: 'tom' }, role: 'view' }, { target: { type: 'user', id: 'tom' }, role: 'edit' }],
          ['maria', 'share.add', 'prompt', null, { target: { type: 'group', id: '/it' }, role: 'view' }],
        ],
      );
      // The item's name is never written to the audit log.
      assert.ok(audit.every((row) => !JSON.stringify(row).includes('Item p1')));
    });

    it('changes nothing and writes no audit row for the same list again', async () => {
      const kind = testKind([item('p2')]);
      const update: ShareUpdate = { shares: [{ target: { type: 'user', id: 'tom' }, role: 'view' }] };
      await shares.replace(kind, item('p2'), update, maria);
      await shares.replace(kind, item('p2'), update, maria);
      const audit = await handle.db.selectFrom('audit_log').select('action').where('subject_id', '=', 'p2').execute();
      assert.deepEqual(audit, [{ action: 'share.add' }]);
    });

    it('stores nothing when the kind fails after the change (one transaction)', async () => {
      const failing: ShareableKind = {
        ...testKind([item('p3')]),
        afterChange: async () => {
          throw new Error('snapshot failed');
        },
      };
      await assert.rejects(shares.replace(failing, item('p3'), { shares: [{ target: { type: 'company' }, role: 'view' }] }, maria), /snapshot failed/);
      assert.deepEqual(await shares.list('prompt', 'p3'), []);
      assert.equal((await handle.db.selectFrom('audit_log').select('id').where('subject_id', '=', 'p3').execute()).length, 0);
    });

    it('names a user who never signed in by their subject, and keeps shares of other kinds apart', async () => {
      const kind = testKind([item('p4')]);
      await shares.replace(kind, item('p4'), { shares: [{ target: { type: 'user', id: 'ghost' }, role: 'view' }] }, maria);
      assert.deepEqual((await shares.list('prompt', 'p4')).map((share) => share.target), [{ type: 'user', id: 'ghost', name: 'ghost' }]);
      assert.deepEqual(await shares.list('agent', 'p4'), []);
    });

    it('says how each listed item reaches its viewer, in one lookup', async () => {
      const kind = testKind([item('q1'), item('q2'), item('q3'), item('c1', null)]);
      await shares.replace(kind, item('q1'), { shares: [{ target: { type: 'user', id: 'tom' }, role: 'edit' }, { target: { type: 'group', id: '/dept/finance' }, role: 'view' }] }, maria);
      await shares.replace(kind, item('q2'), { shares: [{ target: { type: 'group', id: '/dept/finance' }, role: 'view' }] }, maria);
      await shares.replace(kind, item('c1', null), { shares: [{ target: { type: 'group', id: '/sales' }, role: 'view' }] }, admin);
      const listed = [
        { id: 'q1', ownerSub: 'maria' },
        { id: 'q2', ownerSub: 'maria' },
        { id: 'q3', ownerSub: 'maria' },
        { id: 'c1', ownerSub: null },
      ];

      const forMaria = await shares.sharingOf('prompt', listed, maria);
      assert.deepEqual(forMaria.get('q1'), {
        access: 'owner',
        shared_by: null,
        shared_with: [
          { type: 'group', name: 'finance' },
          { type: 'user', name: 'Tom Kollege' },
        ],
      });
      assert.deepEqual(forMaria.get('q3'), { access: 'owner', shared_by: null, shared_with: [] });
      assert.deepEqual(forMaria.get('c1'), { access: 'view', shared_by: null, shared_with: [] });

      // Tom: edit through his own share beats view through his group; editors see with whom.
      const forTom = await shares.sharingOf('prompt', listed, tom);
      assert.equal(forTom.get('q1')?.access, 'edit');
      assert.deepEqual(forTom.get('q1')?.shared_by, { sub: 'maria', name: 'Maria Muster' });
      assert.equal(forTom.get('q1')?.shared_with.length, 2);
      assert.deepEqual(forTom.get('q2'), { access: 'view', shared_by: { sub: 'maria', name: 'Maria Muster' }, shared_with: [] });

      // Sam (another group) is reached by none of Maria's shares; the company item's group share reaches him.
      const forSam = await shares.sharingOf('prompt', listed, sam);
      assert.deepEqual(forSam.get('q1'), { access: 'view', shared_by: null, shared_with: [] });
      assert.deepEqual(forSam.get('c1'), { access: 'view', shared_by: { sub: 'admin', name: 'admin' }, shared_with: [] });

      // An administrator manages the company's items and sees their restriction.
      assert.deepEqual(await shares.sharingOf('prompt', [{ id: 'c1', ownerSub: null }], admin), new Map([['c1', { access: 'owner', shared_by: null, shared_with: [{ type: 'group', name: 'Sales team' }] }]]));
      assert.equal((await shares.sharingOf('prompt', [], maria)).size, 0);
    });

    it('forgets the shares of deleted items', async () => {
      const kind = testKind([item('d1')]);
      await shares.replace(kind, item('d1'), { shares: [{ target: { type: 'company' }, role: 'view' }] }, maria);
      await shares.removeAllOf('prompt', ['d1']);
      assert.deepEqual(await shares.list('prompt', 'd1'), []);
    });
  });
}
