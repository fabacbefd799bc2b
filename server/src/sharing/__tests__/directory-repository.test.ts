import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../../db/database';
import { testDatabaseTargets } from '../../testing/test-databases';
import { DirectoryRepository, signInRecorder } from '../directory-repository';

describe('sign-in recorder', () => {
  it('records a subject again only when its name, e-mail or groups changed, or its recording is a quarter of an hour old', async () => {
    const recorded: string[] = [];
    let clock = 0;
    const record = signInRecorder({ record: async (user) => void recorded.push(`${user.sub}:${user.groups.join('+')}`) }, () => clock);
    const maria = { sub: 'maria', name: 'Maria', email: 'maria@example.com', groups: ['/finance', '/it'] };
    await record(maria);
    await record({ ...maria, groups: ['/it', '/finance'] });
    assert.deepEqual(recorded, ['maria:/finance+/it']);
    await record({ ...maria, groups: ['/finance'] });
    await record({ ...maria, name: 'Maria M.', groups: ['/finance'] });
    await record({ sub: 'tom', name: 'Tom', email: undefined, groups: [] });
    assert.deepEqual(recorded, ['maria:/finance+/it', 'maria:/finance', 'maria:/finance', 'tom:']);
    clock += 15 * 60_000;
    await record({ sub: 'tom', name: 'Tom', email: undefined, groups: [] });
    assert.equal(recorded.length, 5);
  });

  it('tries again with the next request when a recording failed', async () => {
    let calls = 0;
    const record = signInRecorder({
      record: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    });
    const user = { sub: 'sam', name: 'Sam', email: undefined, groups: ['/sales'] };
    await assert.rejects(record(user), /database down/);
    await record(user);
    await record(user);
    assert.equal(calls, 2);
  });
});

for (const target of testDatabaseTargets()) {
  describe(`directory repository on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let directory: DirectoryRepository;
    before(async () => {
      handle = await target.open();
      directory = new DirectoryRepository(handle.db, { 'b7c1-guid': 'Human Resources' });
    });
    after(() => handle.close());

    it('remembers a user with their groups, and drops the memberships a later sign-in no longer carries', async () => {
      await directory.record({ sub: 'maria', name: 'Maria Muster', email: 'maria@example.com', groups: ['/finance', 'b7c1-guid'] });
      await directory.record({ sub: 'tom', name: undefined, email: 'tom@example.com', groups: ['/finance'] });
      assert.deepEqual((await directory.groupsOf('maria')).sort(), ['/finance', 'b7c1-guid']);
      assert.deepEqual(
        (await directory.groups('')).map((group) => [group.name, group.member_count]),
        [
          ['finance', 2],
          ['Human Resources', 1],
        ],
      );

      await directory.record({ sub: 'maria', name: 'Maria M.', email: undefined, groups: ['b7c1-guid', 'CN=Sales,OU=Groups,DC=corp'] });
      assert.deepEqual((await directory.groupsOf('maria')).sort(), ['CN=Sales,OU=Groups,DC=corp', 'b7c1-guid']);
      // The group stays known (Tom is still in it), with one member fewer.
      assert.deepEqual((await directory.groups('fin')).map((group) => [group.id, group.member_count]), [['/finance', 1]]);
      assert.deepEqual((await directory.groups('human')).map((group) => group.id), ['b7c1-guid']);
      assert.deepEqual((await directory.groups('sales')).map((group) => group.name), ['Sales']);

      await directory.record({ sub: 'maria', name: 'Maria M.', email: undefined, groups: [] });
      assert.deepEqual(await directory.groupsOf('maria'), []);
      // Never the asker; a user without a name is shown by their e-mail.
      assert.deepEqual(await directory.people('tom', 'tom'), []);
      assert.deepEqual(await directory.people('TOM@', 'maria'), [{ sub: 'tom', name: 'tom@example.com', email: 'tom@example.com' }]);
      assert.deepEqual(await directory.knownUsers(['tom', 'ghost']), new Set(['tom']));
      assert.deepEqual(await directory.knownGroups(['/finance', '/ghost']), new Set(['/finance']));
    });
  });
}
