import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits for what a person would see settle: layout, scrolling and streaming follow a frame or a
 * fetch later, and a loaded machine can take a while. Fails with `message` after `timeoutMs`.
 */
export async function eventually(check: () => Promise<boolean> | boolean, message: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(message);
    await sleep(100);
  }
}

/** Reads `value` until two reads `gapMs` apart agree (a scroll or an animation has ended), and returns it. */
export async function settled<T>(value: () => Promise<T>, gapMs = 300, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await value();
  for (;;) {
    await sleep(gapMs);
    const next = await value();
    if (next === last || Date.now() > deadline) return next;
    last = next;
  }
}
