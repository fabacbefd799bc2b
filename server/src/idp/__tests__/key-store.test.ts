import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { importJWK, jwtVerify, SignJWT } from 'jose';
import { COOKIE_KEYS_FILE, idpKeyDir, JWKS_FILE, loadOrCreateIdpKeys } from '../key-store';

let dataDir: string;
before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'idp-keys-'));
});
after(() => rm(dataDir, { recursive: true, force: true }));

test('keys are generated once, kept with mode 0600 and reloaded unchanged', async () => {
  const first = await loadOrCreateIdpKeys(dataDir);
  const [key] = first.jwks.keys;
  assert.ok(key);
  assert.equal(key.kty, 'RSA');
  assert.equal(key.alg, 'RS256');
  assert.equal(key.use, 'sig');
  assert.ok(key.kid && key.d);
  assert.equal(first.cookieKeys.length, 1);
  assert.ok(first.cookieKeys[0]!.length >= 32);

  for (const file of [JWKS_FILE, COOKIE_KEYS_FILE]) {
    const info = await stat(join(idpKeyDir(dataDir), file));
    assert.equal(info.mode & 0o777, 0o600, file);
  }

  const second = await loadOrCreateIdpKeys(dataDir);
  assert.deepEqual(second.jwks, first.jwks);
  assert.deepEqual(second.cookieKeys, first.cookieKeys);
});

test('the public JWKS holds no private members and verifies what the private key signs', async () => {
  const { jwks, publicJwks } = await loadOrCreateIdpKeys(dataDir);
  const [publicKey] = publicJwks.keys;
  for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) assert.equal(publicKey?.[member as 'd'], undefined, member);
  const signed = await new SignJWT({ hello: 'world' })
    .setProtectedHeader({ alg: 'RS256', kid: jwks.keys[0]!.kid })
    .sign(await importJWK(jwks.keys[0]!, 'RS256'));
  const { payload } = await jwtVerify(signed, await importJWK(publicKey!, 'RS256'));
  assert.equal(payload.hello, 'world');
});

test('concurrent first starts agree on one key', async () => {
  const fresh = await mkdtemp(join(tmpdir(), 'idp-keys-race-'));
  try {
    const results = await Promise.all([loadOrCreateIdpKeys(fresh), loadOrCreateIdpKeys(fresh), loadOrCreateIdpKeys(fresh)]);
    const kids = new Set(results.map((r) => r.jwks.keys[0]!.kid));
    assert.equal(kids.size, 1);
    const onDisk = JSON.parse(await readFile(join(idpKeyDir(fresh), JWKS_FILE), 'utf8')) as { keys: { kid: string }[] };
    assert.equal(onDisk.keys[0]!.kid, [...kids][0]);
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
});

test('a damaged key file stops the start with a readable message', async () => {
  const broken = await mkdtemp(join(tmpdir(), 'idp-keys-broken-'));
  try {
    await loadOrCreateIdpKeys(broken);
    await writeFile(join(idpKeyDir(broken), JWKS_FILE), '{"keys": [{"kty": "RSA"}]}');
    await assert.rejects(loadOrCreateIdpKeys(broken), /must hold private RSA keys with a "kid"/);
    await writeFile(join(idpKeyDir(broken), JWKS_FILE), 'not json');
    await assert.rejects(loadOrCreateIdpKeys(broken), /not valid JSON/);
  } finally {
    await rm(broken, { recursive: true, force: true });
  }
});
