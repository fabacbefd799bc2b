import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TokenCache, tokenHash } from '../token-cache';

describe('token cache', () => {
  it('keys by SHA-256, never by the token itself', () => {
    assert.equal(tokenHash('abc'), 'ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });

  it('forgets an entry at its expiry and the least recently used one when full', () => {
    let clock = 1_000;
    const cache = new TokenCache<number>(2, () => clock);
    cache.set('a', 1, 2_000);
    cache.set('b', 2, 5_000);
    assert.equal(cache.get('a'), 1); // a is now the most recently used
    cache.set('c', 3, 5_000);
    assert.equal(cache.get('b'), undefined, 'b was the least recently used');
    assert.equal(cache.size, 2);
    clock = 2_000;
    assert.equal(cache.get('a'), undefined, 'expired');
    cache.set('d', 4, 1_500);
    assert.equal(cache.get('d'), undefined, 'already past: not stored');
  });

  it('shares one load between concurrent lookups', async () => {
    const cache = new TokenCache<string>();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { value: 'x', expiresAt: Date.now() + 60_000 };
    };
    assert.deepEqual(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]), ['x', 'x']);
    assert.equal(await cache.getOrLoad('k', load), 'x');
    assert.equal(loads, 1);
  });
});
