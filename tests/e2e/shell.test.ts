import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signOutFromUserMenu } from './support/get-started';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

// The shell in a real browser against the system started as a user starts it, signing in through
// the dev identity provider's login page.
describe('portal shell end to end', { timeout: 20 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    portal = await startPortal();
  });
  after(async () => {
    await portal?.stop();
  });

  /** Opens a path in a fresh browser and signs in on the provider's page as a returning user (no guided start). */
  const signedIn = (user: 'employee' | 'admin', path: string, locale = 'de-DE') => signInToPortal(portal, path, user, locale);

  async function expectNoSeriousAxeViolations(page: Page, what: string) {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${what}:\n${describeViolations(violations)}`);
  }

  it('signs in from a deep link and lands back on it, query and hash included', async () => {
    const { browser, page } = await signedIn('employee', '/collections/company?x=1#part');
    try {
      assert.equal(page.url(), `${portal.portalUrl}/collections/company?x=1#part`);
      await page.getByRole('heading', { level: 1, name: 'Sammlungen' }).waitFor();
      await expectNoSeriousAxeViolations(page, 'collections (remote)');
    } finally {
      await browser.close();
    }
  });

  it('speaks German by default and English to an English browser', async () => {
    const german = await signedIn('employee', '/accessibility', 'de-DE');
    try {
      assert.equal(await german.page.locator('html').getAttribute('lang'), 'de');
      await german.page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' }).waitFor();
      await german.page.getByRole('link', { name: 'Sammlungen' }).waitFor();
    } finally {
      await german.browser.close();
    }
    const english = await signedIn('employee', '/accessibility', 'en-US');
    try {
      assert.equal(await english.page.locator('html').getAttribute('lang'), 'en');
      await english.page.getByRole('heading', { level: 1, name: 'Accessibility statement' }).waitFor();
      await english.page.getByRole('link', { name: 'Collections' }).waitFor();
      await expectNoSeriousAxeViolations(english.page, 'accessibility page');
    } finally {
      await english.browser.close();
    }
  });

  it('moves between the shell and every remote, each loaded at run time', async () => {
    const { browser, page } = await signedIn('employee', '/');
    try {
      await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor();
      await expectNoSeriousAxeViolations(page, 'apps page');
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      for (const [link, heading] of [
        ['Chat', 'Chat'],
        ['Agenten', 'Agenten'],
        ['Übersetzen', 'Übersetzen'],
        ['Sammlungen', 'Sammlungen'],
      ] as const) {
        await nav.getByRole('link', { name: link }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expectNoSeriousAxeViolations(page, `${link} page`);
      }
      // Every remote ran on the host's one copy of React, the router, i18next, zustand and the platform.
      const shared = await page.evaluate(() => {
        const scope = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> } })
          .__FEDERATION__?.__SHARE__;
        const found: Record<string, Array<{ version: string; from: string; loaded: boolean }>> = {};
        for (const instance of Object.values(scope ?? {})) {
          for (const [pkg, versions] of Object.entries(instance.default ?? {})) {
            for (const [version, info] of Object.entries(versions)) {
              (found[pkg] ??= []).push({ version, from: info.from, loaded: Boolean(info.loaded) });
            }
          }
        }
        return found;
      });
      for (const pkg of ['react', 'react-dom', '@assistant/routing', 'i18next', 'zustand', '@assistant/platform']) {
        const loaded = (shared[pkg] ?? []).filter((entry) => entry.loaded);
        assert.equal(new Set(loaded.map((entry) => `${entry.version}@${entry.from}`)).size, 1, `${pkg}: ${JSON.stringify(shared[pkg])}`);
        assert.equal(loaded[0]!.from, 'host', `${pkg} comes from the host`);
      }

      await page.getByRole('link', { name: 'Apps' }).first().click();
      await page.getByRole('link', { name: 'Fragen zu Dokumenten' }).click();
      assert.equal(new URL(page.url()).pathname, '/usecases/qa');
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      // The shared endpoint definitions (@assistant/endpoints): the apps page, chat, agents,
      // collections, QA and the use cases all used them, and the page evaluated them once: the
      // host provided its copy and every remote took it.
      await nav.getByRole('link', { name: 'Eigene Apps' }).click();
      await page.getByRole('heading', { level: 1, name: 'Eigene Apps' }).waitFor();
      assert.equal(await page.evaluate(() => (globalThis as { __assistantEndpointsEvaluations?: number }).__assistantEndpointsEvaluations), 1);
      const endpointsScope = await page.evaluate(() => {
        const scope = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> } })
          .__FEDERATION__?.__SHARE__;
        return Object.values(scope ?? {}).flatMap((instance) =>
          Object.entries(instance.default?.['@assistant/endpoints'] ?? {}).map(([version, info]) => ({ version, from: info.from, loaded: Boolean(info.loaded) })),
        );
      });
      const loadedEndpoints = endpointsScope.filter((entry) => entry.loaded);
      assert.equal(new Set(loadedEndpoints.map((entry) => `${entry.version}@${entry.from}`)).size, 1, JSON.stringify(endpointsScope));
      assert.equal(loadedEndpoints[0]!.from, 'host', '@assistant/endpoints comes from the host');

      await page.goto(`${portal.portalUrl}/no-such-page`);
      await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
      await page.goto(`${portal.portalUrl}/sign-language`);
      await page.getByRole('heading', { level: 1, name: 'Gebärdensprache' }).waitFor();
      await page.getByText('Noch keine Videos').waitFor();
      await expectNoSeriousAxeViolations(page, 'sign-language page');
    } finally {
      await browser.close();
    }
  });

  it('says clearly that no translation engine is connected, and tells the admin how to connect one', async () => {
    const employee = await signedIn('employee', '/translate');
    try {
      await employee.page.getByText('Derzeit ist kein Übersetzungsmodell verfügbar.').waitFor();
      await employee.page.getByRole('heading', { name: 'Übersetzen ist nicht verfügbar' }).waitFor();
      assert.equal(await employee.page.getByRole('heading', { name: 'So binden Sie eine Übersetzungsmaschine an' }).count(), 0);
      await expectNoSeriousAxeViolations(employee.page, 'translate without engine');
    } finally {
      await employee.browser.close();
    }
    const admin = await signedIn('admin', '/translate');
    try {
      await admin.page.getByRole('heading', { name: 'So binden Sie eine Übersetzungsmaschine an' }).waitFor();
    } finally {
      await admin.browser.close();
    }
  });

  it('keeps the employee out of /customization', async () => {
    const { browser, page } = await signedIn('employee', '/customization');
    try {
      await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Anpassung' }).count(), 0);
    } finally {
      await browser.close();
    }
  });

  it('lets the admin customize, and a flag turned off hides its navigation entry and route', async () => {
    const { browser, page } = await signedIn('admin', '/customization');
    try {
      await page.getByRole('heading', { level: 1, name: 'Anpassung' }).waitFor();
      await expectNoSeriousAxeViolations(page, 'customization page');
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      await nav.getByRole('link', { name: 'Chat' }).waitFor();

      await page.getByLabel(/Name der Anwendung/).fill('Firmen-Assistent');
      await page.getByRole('button', { name: 'Video hinzufügen' }).click();
      await page.getByLabel(/Titel \(Deutsch\)/).fill('Willkommen im Portal');
      await page.getByLabel(/Adresse des Videos/).fill('/media/welcome.mp4');
      await page.getByLabel(/Untertitel \(Deutsch/).fill('/media/welcome.de.vtt');
      await page.getByRole('checkbox', { name: 'Chat', exact: true }).uncheck();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Gespeichert.').waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Anpassung' }).waitFor();
      assert.equal(await nav.getByRole('link', { name: 'Chat' }).count(), 0, 'the chat entry is hidden');
      await nav.getByRole('link', { name: 'Übersetzen' }).waitFor();
      assert.match(await page.title(), /Firmen-Assistent/);
      await page.goto(`${portal.portalUrl}/chat`);
      await page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }).waitFor();

      await page.goto(`${portal.portalUrl}/sign-language`);
      await page.getByRole('heading', { level: 2, name: 'Willkommen im Portal' }).waitFor();
      const track = page.locator('video track[kind="captions"]');
      assert.equal(await track.getAttribute('src'), '/media/welcome.de.vtt');
      assert.equal(await track.getAttribute('srclang'), 'de');

      // Restore for the other tests.
      await page.goto(`${portal.portalUrl}/customization`);
      await page.getByRole('checkbox', { name: 'Chat', exact: true }).check();
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Gespeichert.').waitFor();
    } finally {
      await browser.close();
    }
  });

  it('shows a dead remote as an error with retry in its own route while the others work', async () => {
    const healthy = portal.registry();
    portal.writeRegistry(
      healthy.map((entry) => (entry.name === 'agents' ? { ...entry, manifestUrl: 'http://localhost:9/mf-manifest.json' } : entry)),
    );
    const { browser, page } = await signedIn('employee', '/agents');
    try {
      await page.getByRole('button', { name: /erneut|retry/i }).waitFor();
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Sammlungen' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sammlungen' }).waitFor();
      await page.goto(`${portal.portalUrl}/translate`);
      await page.getByRole('heading', { level: 1, name: 'Übersetzen' }).waitFor();
    } finally {
      portal.writeRegistry(healthy);
      await browser.close();
    }
  });

  it('signs out to the root, which says so and signs in again on request', async () => {
    const { browser, page } = await signedIn('employee', '/accessibility');
    try {
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      await signOutFromUserMenu(page, 'Abmelden');
      await page.getByRole('heading', { level: 1, name: 'Abgemeldet' }).waitFor({ timeout: 30_000 });
      assert.ok(visited.includes(`${portal.portalUrl}/`), `the sign-out returned to the portal root: ${visited.join(' -> ')}`);
      await page.getByRole('button', { name: 'Erneut anmelden' }).click();
      await page.locator('input[name="username"]').waitFor({ timeout: 30_000 });
      assert.equal(new URL(page.url()).origin, portal.issuer, 'the sign-in page of the identity provider');
      // The user is gone from the portal: opening a page asks for sign-in again.
      await page.goto(`${portal.portalUrl}/accessibility`);
      await page.locator('input[name="username"]').waitFor();
    } finally {
      await browser.close();
    }
  });
});
