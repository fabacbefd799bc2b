import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { APP_FAVOURITES_MAX, BUILT_IN_APP_IDS, apiErrorSchema, appFavouritesSchema, customAppSchema, type CreateCustomAppRequestInput } from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { loadSettingsSeed } from '../settings/load-seed';
import { DEMO_SEED_FILE } from '../testing/test-app';
import { testDatabaseTargets } from '../testing/test-databases';
import { startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

type User = 'employee' | 'other' | 'admin';

const APP: CreateCustomAppRequestInput = { name: 'Haiku', icon: 'pencil', template: 'Write a haiku about {{topic}}.', variables: [{ name: 'topic', label: 'Topic', kind: 'short_text' }] };

for (const target of testDatabaseTargets()) {
  describe(`apps page favourites API on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let t: CollectionsTestApp;

    before(async () => {
      handle = await target.open();
      await new SettingsRepository(handle.db).seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
      t = await startCollectionsTestApp(handle);
    });
    after(async () => {
      await t.close();
      await handle.close();
    });

    const read = async (user: User) => {
      const response = await t.as(user, { method: 'GET', url: '/api/apps/favourites' });
      assert.equal(response.statusCode, 200, response.body);
      return appFavouritesSchema.parse(response.json()).app_ids;
    };
    const write = (user: User, appIds: unknown) => t.as(user, { method: 'PUT', url: '/api/apps/favourites', payload: { app_ids: appIds } });
    async function createApp(user: User) {
      const response = await t.as(user, { method: 'POST', url: '/api/custom-apps', payload: APP });
      assert.equal(response.statusCode, 201, response.body);
      return customAppSchema.parse(response.json());
    }
    function issues(body: unknown): string[] {
      const error = apiErrorSchema.parse(body);
      assert.equal(error.code, 'validation_failed');
      return (error.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    }

    it('keeps each user their own list, in their order, built-in and custom apps alike', async () => {
      assert.deepEqual(await read('employee'), []);
      const haiku = await createApp('employee');
      const saved = await write('employee', ['translate', haiku.id.toUpperCase(), 'chat']);
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(saved.json(), { app_ids: ['translate', haiku.id, 'chat'] });
      assert.deepEqual(await read('employee'), ['translate', haiku.id, 'chat']);

      assert.deepEqual(await read('other'), []);
      assert.equal((await write('other', ['agents'])).statusCode, 200);
      assert.deepEqual(await read('other'), ['agents']);
      assert.deepEqual(await read('employee'), ['translate', haiku.id, 'chat']);

      // Collections is a built-in app too (its tile can be a favourite).
      assert.equal((await write('employee', ['collections'])).statusCode, 200);
      assert.equal((await write('employee', [])).statusCode, 200);
      assert.deepEqual(await read('employee'), []);
    });

    it('refuses unknown ids, duplicates, too many entries and apps the user cannot see, naming the entry', async () => {
      assert.deepEqual(issues((await write('employee', ['chat', 'solitaire'])).json()), [
        `body.app_ids.1: Must be the id of a custom app (a UUID) or a built-in app: ${BUILT_IN_APP_IDS.join(', ')}`,
      ]);
      assert.deepEqual(issues((await write('employee', ['chat', 'qa', 'chat'])).json()), ['body.app_ids.2: "chat" is already a favourite']);
      const many = Array.from({ length: APP_FAVOURITES_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      assert.equal((await write('employee', many)).statusCode, 400);

      const theirs = await createApp('other');
      const refused = await write('employee', ['chat', theirs.id]);
      assert.equal(refused.statusCode, 400);
      assert.deepEqual(issues(refused.json()), ['body.app_ids.1: No such app']);
      assert.equal((await t.as('employee', { method: 'PUT', url: '/api/apps/favourites', payload: { ids: [] } })).statusCode, 400);
    });

    it('leaves out custom apps the user can no longer see: deleted or unpublished ones', async () => {
      const mine = await createApp('employee');
      const company = await createApp('admin');
      assert.equal((await t.as('admin', { method: 'POST', url: `/api/custom-apps/${company.id}/publish` })).statusCode, 200);
      assert.equal((await write('employee', [mine.id, company.id, 'qa'])).statusCode, 200);

      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/custom-apps/${mine.id}` })).statusCode, 204);
      assert.deepEqual(await read('employee'), [company.id, 'qa']);
      assert.equal((await t.as('admin', { method: 'POST', url: `/api/custom-apps/${company.id}/unpublish` })).statusCode, 200);
      assert.deepEqual(await read('employee'), ['qa']);
    });
  });
}
