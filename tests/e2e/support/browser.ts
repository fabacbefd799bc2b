import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with a fresh profile (DESIGN.md section 7). The background
 * networking flags keep it from calling home on a machine with no outside network.
 */
export async function launchBrowser(
  options: { locale?: string; doNotTrack?: boolean; args?: readonly string[] } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'assistant-chromium-'));
  if (options.doNotTrack) {
    // The user's "Send a Do Not Track request" setting, as Chromium keeps it in the profile:
    // navigator.doNotTrack is then '1' and requests carry `DNT: 1`.
    mkdirSync(join(profile, 'Default'), { recursive: true });
    writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ enable_do_not_track: true }));
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    locale: options.locale ?? 'de-DE',
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--lang=${options.locale ?? 'de-DE'}`,
      // A case's own flags, such as Chromium's fake microphone (--use-file-for-fake-audio-capture).
      ...(options.args ?? []),
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Fills the dev identity provider's login form, as a person does. The page speaks the browser's
 * language, so the fields are found by their names, not by their labels.
 */
export async function signInOnProviderPage(page: Page, username: string, password: string): Promise<void> {
  const form = page.locator('form:has(input[name="username"])');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}
