import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APP_FAVOURITES_MAX, BUILT_IN_APP_IDS, appFavouritesSchema, isBuiltInAppId, isCustomAppId } from '../apps';
import { UUID_A, UUID_B, accepts, rejects } from './helpers';

describe('apps: favourites', () => {
  it('accepts built-in app ids and custom app ids, in the given order', () => {
    assert.deepEqual(accepts(appFavouritesSchema, { app_ids: ['translate', UUID_A, 'chat'] }).app_ids, ['translate', UUID_A, 'chat']);
    accepts(appFavouritesSchema, { app_ids: [...BUILT_IN_APP_IDS] });
    accepts(appFavouritesSchema, { app_ids: [] });
  });

  it('refuses unknown ids, duplicates, too many entries and unknown fields', () => {
    const unknown = rejects(appFavouritesSchema, { app_ids: ['chat', 'solitaire'] });
    assert.deepEqual(unknown.path, ['app_ids', 1]);
    assert.match(unknown.message, /^Must be the id of a custom app \(a UUID\) or a built-in app: chat, qa, translate/);
    const twice = rejects(appFavouritesSchema, { app_ids: [UUID_A, 'chat', UUID_A.toUpperCase()] });
    assert.deepEqual([twice.path, twice.message], [['app_ids', 2], `"${UUID_A.toUpperCase()}" is already a favourite`]);
    const ids = Array.from({ length: APP_FAVOURITES_MAX + 1 }, (_, i) => `${UUID_B.slice(0, -2)}${String(i).padStart(2, '0')}`);
    assert.equal(rejects(appFavouritesSchema, { app_ids: ids }).message, `Must not hold more than ${APP_FAVOURITES_MAX} apps`);
    assert.equal(rejects(appFavouritesSchema, { app_ids: [], order: 1 }).message, 'Unrecognized key: "order"');
  });

  it('tells built-in and custom app ids apart', () => {
    assert.equal(isBuiltInAppId('easy-language'), true);
    assert.equal(isBuiltInAppId(UUID_A), false);
    assert.equal(isCustomAppId(UUID_A), true);
    assert.equal(isCustomAppId('agents'), false);
  });
});
