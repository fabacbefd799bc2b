import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  KNOWN_PERMISSIONS,
  PERMISSION_ADMINISTRATE,
  PERMISSION_DEVELOPER,
  PERMISSION_NUMINOUS,
  permissionCheckRequestSchema,
  permissionCheckResponseSchema,
} from '../permissions';
import { accepts, rejects } from './helpers';

describe('permissions', () => {
  it('names the two permissions of SPEC section 6, and developer mode’s', () => {
    assert.equal(PERMISSION_ADMINISTRATE, 'AdministrateAssistant');
    assert.equal(PERMISSION_NUMINOUS, 'NuminousAccess');
    assert.equal(PERMISSION_DEVELOPER, 'DeveloperMode');
    assert.deepEqual([...KNOWN_PERMISSIONS], ['AdministrateAssistant', 'NuminousAccess', 'DeveloperMode']);
  });

  it('accepts a check request and a response, an empty response included', () => {
    accepts(permissionCheckRequestSchema, { permissions: [{ permission: 'AdministrateAssistant' }] });
    assert.deepEqual(accepts(permissionCheckResponseSchema, { permissions: [] }), { permissions: [] });
  });

  it('refuses an empty request and an empty permission name', () => {
    assert.deepEqual(rejects(permissionCheckRequestSchema, { permissions: [] }).path, ['permissions']);
    assert.deepEqual(rejects(permissionCheckRequestSchema, { permissions: [{ permission: '' }] }).path, ['permissions', 0, 'permission']);
  });
});
