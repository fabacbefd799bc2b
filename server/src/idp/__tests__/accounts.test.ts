import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PERMISSION_ADMINISTRATE, PERMISSION_DEVELOPER, PERMISSION_NUMINOUS } from '@assistant/contracts';
import { principalFromClaims } from '../../auth/principal';
import { loadConfig } from '../../config';
import { accessTokenClaims, claimsForScopes, findAccountBySub, verifyCredentials } from '../accounts';

test('demo accounts sign in with their password only', () => {
  assert.equal(verifyCredentials('employee', 'employee')?.sub, 'employee');
  assert.equal(verifyCredentials('admin', 'admin')?.sub, 'admin');
  assert.equal(verifyCredentials('colleague', 'colleague')?.admin, false);
  assert.equal(verifyCredentials('outsider', 'outsider')?.name, 'Olivia Outsider');
  assert.equal(verifyCredentials('employee', 'admin'), undefined);
  assert.equal(verifyCredentials('admin', ''), undefined);
  assert.equal(verifyCredentials('nobody', 'nobody'), undefined);
  assert.equal(verifyCredentials('', ''), undefined);
  const account = verifyCredentials('employee', 'employee');
  assert.equal((account as unknown as Record<string, unknown>).passwordHash, undefined, 'no hash leaves the module');
});

test('standard claims follow the scopes', () => {
  const employee = findAccountBySub('employee')!;
  assert.deepEqual(claimsForScopes(employee, ['openid']), { sub: 'employee' });
  assert.deepEqual(claimsForScopes(employee, ['openid', 'email']), {
    sub: 'employee',
    email: 'employee@example.com',
    email_verified: true,
  });
  const profile = claimsForScopes(employee, ['openid', 'profile']);
  assert.equal(profile.name, 'Erika Employee');
  assert.equal(profile.preferred_username, 'employee');
  assert.equal(profile.email, undefined);
});

test('access token claims grant exactly what the API server reads, with default claim names', () => {
  const { auth } = loadConfig({ DEV_IDP: 'on' });
  const admin = principalFromClaims({ ...accessTokenClaims(findAccountBySub('admin')!, auth), sub: 'admin' }, auth);
  // Developer mode is everyone's while DEVELOPER_MODE_ROLE is unset.
  assert.deepEqual([...admin.permissions].sort(), [PERMISSION_ADMINISTRATE, PERMISSION_DEVELOPER, PERMISSION_NUMINOUS].sort());
  assert.equal(admin.email, 'admin@example.com');
  const employee = principalFromClaims({ ...accessTokenClaims(findAccountBySub('employee')!, auth), sub: 'employee' }, auth);
  assert.deepEqual([...employee.permissions], [PERMISSION_DEVELOPER]);
  assert.equal(employee.name, 'Erika Employee');
});

test('configured claim names: dotted paths nest, equal names share one list', () => {
  const nested = loadConfig({ DEV_IDP: 'on', ROLES_CLAIM: 'realm_access.roles', GROUPS_CLAIM: 'realm_access.groups' }).auth;
  const claims = accessTokenClaims(findAccountBySub('admin')!, nested);
  assert.deepEqual(claims.realm_access, { roles: ['assistant-admin'], groups: ['it', 'numinous'] });
  const principal = principalFromClaims({ ...claims, sub: 'admin' }, nested);
  assert.equal(principal.permissions.size, 3);

  const shared = loadConfig({ DEV_IDP: 'on', ROLES_CLAIM: 'groups', GROUPS_CLAIM: 'groups' }).auth;
  assert.deepEqual(accessTokenClaims(findAccountBySub('admin')!, shared).groups, ['assistant-admin', 'it', 'numinous']);
  assert.deepEqual(accessTokenClaims(findAccountBySub('employee')!, shared).groups, ['finance']);
});

test('the demo accounts are two colleagues in finance, an outsider in sales and an administrator in it', () => {
  const { auth } = loadConfig({ DEV_IDP: 'on' });
  const groupsOf = (sub: string) => principalFromClaims({ ...accessTokenClaims(findAccountBySub(sub)!, auth), sub }, auth).groups;
  assert.deepEqual(
    Object.fromEntries(['employee', 'colleague', 'outsider', 'admin'].map((sub) => [sub, groupsOf(sub)])),
    { employee: ['finance'], colleague: ['finance'], outsider: ['sales'], admin: ['it', 'numinous'] },
  );
});
