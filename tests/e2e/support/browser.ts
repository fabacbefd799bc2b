import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The background networking flags keep Chromium from calling home on a machine with no outside network. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VIEWPORT = { width: 1280, height: 800 };

/**
 * One Chromium per test file's process, each caller in a fresh context of it: a Chromium per
 * sign-in was most of the end-to-end suites' CPU. Only under node:test's runner (it sets
 * NODE_TEST_CONTEXT in each file's process), whose root `after` closes the browser once the
 * file's tests are done; a script (the benchmarks under bench/) has nothing that would close it,
 * so there every call keeps a Chromium of its own.
 */
const SHARE_ONE_BROWSER = Boolean(process.env.NODE_TEST_CONTEXT);
let sharedBrowser: Promise<Browser> | undefined;
if (SHARE_ONE_BROWSER) after(() => sharedBrowser?.then((browser) => browser.close(), () => {}));

function theSharedBrowser(): Promise<Browser> {
  sharedBrowser ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS }).then(
    (browser) => {
      // A crashed browser is launched anew by the next caller.
      browser.on('disconnected', () => (sharedBrowser = undefined));
      return browser;
    },
    (error: unknown) => {
      sharedBrowser = undefined;
      throw error;
    },
  );
  return sharedBrowser;
}

/**
 * Debian's Chromium, headless, with nothing of an earlier caller (DESIGN.md section 7): a fresh
 * context of the process's one browser (playwright starts it on a fresh --user-data-dir), whose
 * `locale` sets navigator.language, Intl and Accept-Language. `doNotTrack` (a profile preference)
 * and `args` (such as Chromium's fake microphone, --use-file-for-fake-audio-capture) need a
 * browser of their own, with a fresh profile; `ownBrowser` asks for one as well, for a case whose
 * page start-up must not be the quicker one of a browser already running. `close()` closes what
 * this call opened.
 */
export async function launchBrowser(
  options: { locale?: string; doNotTrack?: boolean; args?: readonly string[]; ownBrowser?: boolean } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const locale = options.locale ?? 'de-DE';
  if (SHARE_ONE_BROWSER && !options.doNotTrack && !options.args?.length && !options.ownBrowser) {
    const context = await (await theSharedBrowser()).newContext({ locale, viewport: VIEWPORT });
    return { context, close: () => context.close() };
  }
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
    locale,
    viewport: VIEWPORT,
    args: [...CHROMIUM_FLAGS, `--lang=${locale}`, ...(options.args ?? [])],
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
