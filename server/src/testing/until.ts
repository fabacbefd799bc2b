/** Waits until `check` holds, looking every `pollMs`; fails after `ms` (background work in tests: runners, listeners). */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000, pollMs = 20): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error('condition not met in time');
}
