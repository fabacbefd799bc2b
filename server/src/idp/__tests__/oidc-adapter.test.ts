import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DatabaseHandle } from '../../db/database';
import { testDatabaseTargets } from '../../testing/test-databases';
import { KyselyOidcAdapter, sweepExpiredOidcPayloads } from '../oidc-adapter';

for (const target of testDatabaseTargets()) describe(`oidc-provider adapter on oidc_payloads (${target.name})`, () => {
  let database: DatabaseHandle;
  before(async () => {
    database = await target.open();
  });
  after(() => database.close());

  const adapter = (model: string) => new KyselyOidcAdapter(database.db, model);

  test('upsert then find returns the payload; upsert again replaces it', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'employee', kind: 'Session' }, 3600);
    assert.deepEqual(await sessions.find('s1'), { uid: 'u1', accountId: 'employee', kind: 'Session' });
    await sessions.upsert('s1', { uid: 'u1', accountId: 'admin', kind: 'Session' }, 3600);
    assert.equal((await sessions.find('s1'))?.accountId, 'admin');
    assert.equal(await sessions.find('missing'), undefined);
  });

  test('models are separate name spaces', async () => {
    await adapter('Grant').upsert('same-id', { kind: 'Grant', accountId: 'employee' }, 3600);
    await adapter('Interaction').upsert('same-id', { kind: 'Interaction' }, 3600);
    assert.equal((await adapter('Grant').find('same-id'))?.kind, 'Grant');
    assert.equal((await adapter('Interaction').find('same-id'))?.kind, 'Interaction');
    assert.equal(await adapter('Session').find('same-id'), undefined);
  });

  test('findByUid and findByUserCode', async () => {
    await adapter('Session').upsert('s2', { uid: 'uid-2', kind: 'Session' }, 3600);
    assert.equal((await adapter('Session').findByUid('uid-2'))?.kind, 'Session');
    assert.equal(await adapter('Grant').findByUid('uid-2'), undefined);
    await adapter('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH', kind: 'DeviceCode' }, 600);
    assert.equal((await adapter('DeviceCode').findByUserCode('ABCD-EFGH'))?.kind, 'DeviceCode');
  });

  test('consume marks the payload consumed (epoch seconds); a new upsert clears it', async () => {
    const tokens = adapter('RefreshToken');
    await tokens.upsert('r1', { grantId: 'g1', kind: 'RefreshToken' }, 3600);
    assert.equal((await tokens.find('r1'))?.consumed, undefined);
    const before = Math.floor(Date.now() / 1000);
    await tokens.consume('r1');
    const consumed = (await tokens.find('r1'))?.consumed as number;
    assert.ok(consumed >= before - 1 && consumed <= Math.floor(Date.now() / 1000) + 1);
    await tokens.upsert('r1', { grantId: 'g1', kind: 'RefreshToken' }, 3600);
    assert.equal((await tokens.find('r1'))?.consumed, undefined);
  });

  test('destroy removes one row', async () => {
    await adapter('AuthorizationCode').upsert('c1', { kind: 'AuthorizationCode' }, 60);
    await adapter('AuthorizationCode').destroy('c1');
    assert.equal(await adapter('AuthorizationCode').find('c1'), undefined);
  });

  test('revokeByGrantId removes that model\'s rows of the grant only', async () => {
    await adapter('RefreshToken').upsert('r-a', { grantId: 'grant-a', kind: 'RefreshToken' }, 3600);
    await adapter('RefreshToken').upsert('r-b', { grantId: 'grant-b', kind: 'RefreshToken' }, 3600);
    await adapter('AuthorizationCode').upsert('c-a', { grantId: 'grant-a', kind: 'AuthorizationCode' }, 60);
    await adapter('RefreshToken').revokeByGrantId('grant-a');
    assert.equal(await adapter('RefreshToken').find('r-a'), undefined);
    assert.ok(await adapter('RefreshToken').find('r-b'));
    assert.ok(await adapter('AuthorizationCode').find('c-a'));
  });

  test('expired rows are absent and swept; rows without expiry stay', async () => {
    const grants = adapter('Grant');
    await grants.upsert('old', { kind: 'Grant', uid: 'old-uid' }, 3600);
    await grants.upsert('forever', { kind: 'Grant' });
    await database.db
      .updateTable('oidc_payloads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', 'old')
      .execute();
    assert.equal(await grants.find('old'), undefined);
    assert.equal(await grants.findByUid('old-uid'), undefined);
    assert.ok(await grants.find('forever'));
    assert.ok((await sweepExpiredOidcPayloads(database.db)) >= 1);
    const left = await database.db.selectFrom('oidc_payloads').select('id').where('id', '=', 'old').execute();
    assert.deepEqual(left, []);
  });
});
