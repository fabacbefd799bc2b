import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_CUSTOMIZATION, type AdminSettings } from '@assistant/contracts';
import { sql } from 'kysely';
import { testDatabaseTargets } from '../../testing/test-databases';
import { migrateToLatest, type DatabaseHandle } from '../database';
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
      assert.deepEqual(applied.rows.map((row) => row.name), ['0001-settings-and-idp', '0002-feedback', '0003-collections', '0004-conversations', '0005-message-written-at', '0006-user-limits', '0007-embeddings', '0008-jobs', '0009-grounding-traces', '0010-conversation-attachments', '0011-mcp-servers', '0012-research', '0013-research-in-chat', '0014-canvases', '0015-agents', '0016-custom-apps', '0018-custom-app-versions', '0019-message-attachments-and-tool-servers', '0020-ingestion-jobs', '0021-library-connections', '0022-library-bindings', '0023-user-onboarding', '0024-developer-mode']);
      await migrateToLatest(handle.db);
      const again = await sql<{ count: string }>`select count(*)::text as count from kysely_migration`.execute(handle.db);
      assert.equal(again.rows[0]?.count, String(applied.rows.length));
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
