import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';

const repoRoot = resolve(import.meta.dirname, '../..');

describe('server start', () => {
  it('refuses bad configuration with a readable list and a non-zero exit', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'eighty', OIDC_ISSUER: 'not a url', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, /^Invalid configuration:$/m);
    assert.match(run.stderr, /^ {2}- PORT: /m);
    assert.match(run.stderr, /^ {2}- OIDC_ISSUER: /m);
  });
});
