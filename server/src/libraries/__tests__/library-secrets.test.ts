import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { openTestPglite } from '../../testing/test-pglite';
import { LibraryConnectionsRepository } from '../library-connections-repository';
import { LibrarySecretKeyMissingError, LibrarySecrets, librarySecretsFromConfig } from '../library-secrets';

const key = (id: string) => ({ id, key: randomBytes(32) });
const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;
const employee = { sub: 'employee', isAdmin: false, groups: [] };

describe('LibrarySecrets', () => {
  it('seals with AES-256-GCM bound to its context, and opens with any configured key', () => {
    const old = key('2025');
    const secrets = new LibrarySecrets([old]);
    const sealed = secrets.seal('{"appPassword":"hunter2"}', 'connection-1');
    assert.match(sealed, /^v1\.2025\.[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.ok(!sealed.includes('hunter2'));
    assert.notEqual(secrets.seal('{"appPassword":"hunter2"}', 'connection-1'), sealed, 'a fresh IV each time');
    assert.equal(secrets.open(sealed, 'connection-1'), '{"appPassword":"hunter2"}');
    assert.throws(() => secrets.open(sealed, 'connection-2'), 'moved to another row, it does not open');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    assert.throws(() => secrets.open(tampered, 'connection-1'));

    const rotated = new LibrarySecrets([key('2026'), old]);
    assert.equal(rotated.open(sealed, 'connection-1'), '{"appPassword":"hunter2"}');
    assert.equal(rotated.isCurrent(sealed), false);
    assert.equal(rotated.isCurrent(rotated.seal('x', 'c')), true);
    assert.throws(() => new LibrarySecrets([key('2027')]).open(sealed, 'connection-1'), LibrarySecretKeyMissingError);
  });

  it('reads LIBRARY_SECRET_KEYS, and names a wrong entry without showing its key', () => {
    const base = { OIDC_ISSUER: 'https://idp.example/' };
    const good = randomBytes(32).toString('base64');
    const config = loadConfig({ ...base, LIBRARY_SECRET_KEYS: `new:${good}, old:${randomBytes(32).toString('base64')}` });
    assert.deepEqual(config.libraries.secretKeys?.map(({ id }) => id), ['new', 'old']);
    assert.equal(config.libraries.developmentKeyFile, undefined);
    const short = randomBytes(16).toString('base64');
    for (const value of [`a:${short}`, good, `a:${good},a:${good}`, `bad id:${good}`]) {
      assert.throws(
        () => loadConfig({ ...base, LIBRARY_SECRET_KEYS: value }),
        (error) => error instanceof ConfigError && /LIBRARY_SECRET_KEYS/.test(error.message) && !error.message.includes(short) && !error.message.includes(good),
        value,
      );
    }
  });

  describe('without LIBRARY_SECRET_KEYS', () => {
    let dataDir: string;
    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'library-keys-'));
    });
    after(async () => rm(dataDir, { recursive: true, force: true }));

    it('generates one development key into DATA_DIR with the dev identity provider, and is off otherwise', async () => {
      const development = loadConfig({ DEV_IDP: 'on', DATA_DIR: dataDir }).libraries;
      const [first, second] = await Promise.all([librarySecretsFromConfig(development, quiet), librarySecretsFromConfig(development, quiet)]);
      const sealed = first!.seal('secret', 'c');
      assert.equal(second!.open(sealed, 'c'), 'secret', 'two processes starting at once agree on one key');
      const file = join(dataDir, 'libraries', 'development-secret.key');
      assert.equal(Buffer.from(await readFile(file, 'utf8'), 'base64').length, 32);
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      assert.equal(await librarySecretsFromConfig(loadConfig({ OIDC_ISSUER: 'https://idp.example/', DATA_DIR: dataDir }).libraries, quiet), undefined);
    });
  });
});

describe('LibraryConnectionsRepository after a key rotation', () => {
  let handle: DatabaseHandle;
  before(async () => {
    handle = await openTestPglite();
  });
  after(async () => handle.close());

  it('opens rows sealed with the old key and seals them again with the new one', async () => {
    const old = key('old');
    const before = new LibraryConnectionsRepository(handle.db, new LibrarySecrets([old]));
    const connection = { scope: 'personal' as const, kind: 'webdav', url: 'https://files.example.com/', account: 'anna' };
    const first = await before.create(employee, { ...connection, name: 'One', credentials: { username: 'anna', appPassword: 'one' } });
    const second = await before.create(employee, { ...connection, name: 'Two', credentials: { username: 'anna', appPassword: 'two' } });

    const after = new LibraryConnectionsRepository(handle.db, new LibrarySecrets([key('new'), old]));
    assert.deepEqual((await after.credentialsOf(first.id))?.credentials, { username: 'anna', appPassword: 'one' });
    assert.equal(await after.resealAll(1), 1, 'the row read above was sealed again already');
    const rows = await handle.db.selectFrom('library_connections').select(['id', 'credentials']).execute();
    assert.ok(rows.every((row) => row.credentials.startsWith('v1.new.')), rows.map((row) => row.credentials.slice(0, 8)).join());

    const otherKey = new LibraryConnectionsRepository(handle.db, new LibrarySecrets([{ id: 'new', key: Buffer.alloc(32) }]));
    await assert.rejects(otherKey.credentialsOf(second.id), 'another key under the same id does not open it');
  });
});
