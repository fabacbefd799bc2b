import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminSettingsSchema, apiErrorSchema, configSchema, onboardingStateSchema } from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { loadSettingsSeed } from '../settings/load-seed';
import { DEMO_SEED_FILE } from '../testing/test-app';
import { testDatabaseTargets } from '../testing/test-databases';
import { startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

type User = 'employee' | 'other' | 'admin';

for (const target of testDatabaseTargets()) {
  describe(`guided start state API on ${target.name}`, () => {
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
      const response = await t.as(user, { method: 'GET', url: '/api/me/onboarding' });
      assert.equal(response.statusCode, 200, response.body);
      return onboardingStateSchema.parse(response.json());
    };
    const write = (user: User, payload: object) => t.as(user, { method: 'PUT', url: '/api/me/onboarding', payload });
    const issues = (body: unknown) => {
      const error = apiErrorSchema.parse(body);
      assert.equal(error.code, 'validation_failed');
      return (error.issues ?? []).map((issue) => issue.path.join('.'));
    };

    it('is pending for a new user, remembers a finished or skipped start, and each user has their own', async () => {
      assert.deepEqual(await read('employee'), { status: 'pending', step: null, updated_at: null });

      const skipped = await write('employee', { status: 'skipped', step: 2 });
      assert.equal(skipped.statusCode, 200, skipped.body);
      const saved = onboardingStateSchema.parse(skipped.json());
      assert.equal(saved.status, 'skipped');
      assert.equal(saved.step, 2);
      assert.ok(saved.updated_at && !Number.isNaN(Date.parse(saved.updated_at)));
      assert.deepEqual(await read('employee'), saved);

      // Another user (an administrator too) is not affected, and cannot see or change it.
      assert.equal((await read('other')).status, 'pending');
      assert.equal((await read('admin')).status, 'pending');
      assert.equal((await write('other', { status: 'completed' })).statusCode, 200);
      assert.equal((await read('other')).status, 'completed');
      assert.equal((await read('employee')).status, 'skipped');

      // Reopened and finished: the later ending replaces the earlier one; a finished start has no step.
      const completed = onboardingStateSchema.parse((await write('employee', { status: 'completed', step: 4 })).json());
      assert.equal(completed.status, 'completed');
      assert.equal(completed.step, null);
      assert.equal((await read('employee')).status, 'completed');
    });

    it('refuses another status, a step out of range, unknown keys and a body that is not an object, changing nothing', async () => {
      await write('admin', { status: 'skipped', step: 1 });
      assert.deepEqual(issues((await write('admin', { status: 'pending' })).json()), ['body.status']);
      assert.deepEqual(issues((await write('admin', { status: 'done' })).json()), ['body.status']);
      assert.deepEqual(issues((await write('admin', { status: 'skipped', step: 0 })).json()), ['body.step']);
      assert.deepEqual(issues((await write('admin', { status: 'skipped', step: 1.5 })).json()), ['body.step']);
      assert.deepEqual(issues((await write('admin', { status: 'skipped', step: 21 })).json()), ['body.step']);
      assert.equal((await write('admin', { status: 'completed', user_id: 'employee' })).statusCode, 400);
      assert.equal((await write('admin', [])).statusCode, 400);
      const state = await read('admin');
      assert.equal(state.status, 'skipped');
      assert.equal(state.step, 1);
    });

    it('is on unless an administrator switches it off in the customization, which every user then reads', async () => {
      const config = async () => configSchema.parse((await t.as('employee', { method: 'GET', url: '/api/config' })).json());
      assert.equal((await config()).customization.get_started_enabled, true);
      const stored = adminSettingsSchema.parse((await t.as('admin', { method: 'GET', url: '/api/admin/settings' })).json());
      const customization = { ...stored.customization, get_started_enabled: false };
      const refused = await t.as('employee', { method: 'PATCH', url: '/api/admin/settings', payload: { customization } });
      assert.equal(refused.statusCode, 403);
      assert.equal((await config()).customization.get_started_enabled, true);
      const changed = await t.as('admin', { method: 'PATCH', url: '/api/admin/settings', payload: { customization } });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((await config()).customization.get_started_enabled, false);
    });

    it('needs a signed-in user', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/me/onboarding' })).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'PUT', url: '/api/me/onboarding', payload: { status: 'completed' } })).statusCode, 401);
    });
  });
}
