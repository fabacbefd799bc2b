import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_CUSTOMIZATION, type AdminSettings } from '@assistant/contracts';
import { sql, type KyselyPlugin } from 'kysely';
import { testDatabaseTargets } from '../../testing/test-databases';
import { migrateToLatest, type DatabaseHandle } from '../database';
import { migrations } from '../migrations';
import { SettingsRepository } from '../repositories/settings-repository';

const seed: AdminSettings = {
  feature_flags: { enableChat: true, enableTranslate: true },
  feature_set: 'BETA',
  customization: DEFAULT_CUSTOMIZATION,
};

for (const target of testDatabaseTargets()) {
  describe(`settings storage on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let settings: SettingsRepository;
    before(async () => {
      handle = await target.open();
      settings = new SettingsRepository(handle.db);
    });
    after(() => handle.close());

    it('has run every migration, and running them again changes nothing', async () => {
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
      // Every registered migration ran, in the order of their numbers (a number never repeats).
      const names = applied.rows.map((row) => row.name);
      assert.deepEqual(names, Object.keys(migrations));
      assert.deepEqual(names, [...names].sort());
      assert.equal(new Set(names.map((name) => name.slice(0, 4))).size, names.length);
      assert.deepEqual(names.slice(0, 3), ['0001-settings-and-idp', '0002-feedback', '0003-collections']);
      assert.ok(names.includes('0025-groups-and-sharing'));
      await migrateToLatest(handle.db);
      const again = await sql<{ count: string }>`select count(*)::text as count from kysely_migration`.execute(handle.db);
      assert.equal(again.rows[0]?.count, String(applied.rows.length));
    });

    it('finds that nothing is to do in one statement (each start asks)', async () => {
      const statements: string[] = [];
      const counting: KyselyPlugin = {
        transformQuery: (args) => {
          statements.push(args.node.kind);
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      await migrateToLatest(handle.db.withPlugin(counting));
      assert.equal(statements.length, 1);
    });

    it('seeds every missing key on first start', async () => {
      assert.deepEqual(await settings.seedMissing(seed), ['feature_flags', 'feature_set', 'customization']);
      assert.deepEqual(await settings.read(), seed);
    });

    it('merges flags, replaces the feature set, and records who changed them', async () => {
      const next = await settings.update({ feature_flags: { enableChat: false, enableCollections: true }, feature_set: '251000' }, 'admin');
      assert.deepEqual(next.feature_flags, { enableChat: false, enableTranslate: true, enableCollections: true });
      assert.deepEqual(await settings.read(), next);
      const row = await handle.db.selectFrom('app_settings').select(['updated_by']).where('key', '=', 'feature_set').executeTakeFirstOrThrow();
      assert.equal(row.updated_by, 'admin');
    });

    it('never overwrites an administrator change with the seed at the next start', async () => {
      assert.deepEqual(await settings.seedMissing(seed), []);
      assert.equal(await settings.readOne('feature_set'), '251000');
    });

    it('keeps the old settings when a change fails half-way', async () => {
      const before = await settings.read();
      await assert.rejects(
        handle.db.transaction().execute(async (trx) => {
          await new SettingsRepository(trx).update({ feature_set: '1' }, 'admin');
          throw new Error('fails after the write');
        }),
        /fails after the write/,
      );
      assert.deepEqual(await settings.read(), before);
    });
  });
}
