import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const SHOTS = process.env.AGENTS_SCREENSHOTS_DIR ?? '/tmp/shots-agents';

// The first line of the server's generate-agent prompt (server/src/agents/agent-draft-prompt.ts).
const DRAFT_PROMPT = 'You design an assistant';
const INSTRUCTIONS = 'Du beantwortest Fragen zur Reiserichtlinie von {{user_name}}. Heute ist {{date}}.';
const STARTER = 'Wie hoch ist die Tagespauschale?';
const DRAFT = {
  name: 'Reisehelfer',
  description: 'Beantwortet Fragen zur Reiserichtlinie.',
  instructions: INSTRUCTIONS,
  starter_prompts: [STARTER, 'Darf ich erste Klasse fahren?'],
  icon: 'briefcase',
  temperature: 0.2,
  needs_knowledge: false,
  suggested_collection_ids: [],
  needs_tools: false,
  suggested_tools: [],
  suggested_server_ids: [],
};

// Agents in a real browser against the started system: an employee describes an agent and lets
// the assistant fill the form (the scripted model server proposes it), saves it, chats with it from
// a starter chip, and the agent's instructions (variables filled) reach the model; on a phone in
// English the agent is in the list.
describe('agents end to end', { timeout: 15 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        { system: DRAFT_PROMPT, reply: JSON.stringify(DRAFT) },
        ...sideCallRules('Tagespauschale'),
        { system: 'Du beantwortest Fragen zur Reiserichtlinie', reply: 'Die Tagespauschale beträgt **48 Euro**.', delayMs: 10 },
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
  const expectNoAxeViolations = async (page: Page, where: string) => {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${where}: ${describeViolations(violations)}`);
  };

  it('describes an agent, lets the form fill, saves it and chats with it from a starter chip (desktop, German)', async () => {
    const { browser, page } = await signInToPortal(portal, '/agents/new', 'employee');
    try {
      await page.getByRole('textbox', { name: 'Was soll der Agent tun?' }).fill('Ein Helfer für Fragen zur Reiserichtlinie');
      await page.getByRole('button', { name: 'Formular ausfüllen' }).click();
      const name = page.getByRole('textbox', { name: /^Name/ });
      await assertValue(name, 'Reisehelfer');
      await assertValue(page.getByRole('textbox', { name: /^Anweisungen/ }), INSTRUCTIONS);
      await shot(page, 'desktop-de-filled');
      await expectNoAxeViolations(page, 'agent form');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.waitForURL(/\/agents\/[0-9a-f-]{36}$/, { timeout: 30_000 });

      await page.getByRole('link', { name: 'Mit diesem Agenten chatten' }).click();
      await page.waitForURL(/\/chat\?agent=[0-9a-f-]{36}$/);
      const intro = page.getByRole('region', { name: 'Reisehelfer' });
      const starters = intro.getByRole('list', { name: 'Vorschläge für den Anfang' });
      await starters.waitFor({ timeout: 30_000 });
      await shot(page, 'desktop-de-intro');
      await expectNoAxeViolations(page, 'agent intro');
      await starters.getByRole('button', { name: STARTER }).click();
      const messages = page.getByRole('list', { name: 'Nachrichten' });
      await messages.getByText('48 Euro').waitFor({ timeout: 60_000 });
      await page.getByText('Unterhaltung mit dem Agenten Reisehelfer').waitFor();

      // The agent's instructions reached the model with their variables filled.
      const asked = model.requests.filter((request) => (request.systemMessage ?? '').includes('Du beantwortest Fragen zur Reiserichtlinie'));
      assert.equal(asked.length, 1);
      assert.ok(!asked[0]!.systemMessage!.includes('{{'), 'the variables are filled');
      assert.ok(asked[0]!.systemMessage!.includes('Erika'), "the user's name is filled in");
      await shot(page, 'desktop-de-answer');
    } finally {
      await browser.close();
    }
  });

  it('lists the agent on a phone (English)', async () => {
    const { browser, page } = await signInToPortal(portal, '/agents', 'employee', 'en-US');
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      const list = page.getByRole('list', { name: 'All agents' });
      await list.getByRole('link', { name: 'Reisehelfer', exact: true }).waitFor({ timeout: 30_000 });
      assert.ok(await list.getByRole('link', { name: 'Chat with Reisehelfer' }).isVisible());
      await shot(page, 'phone-en-list');
      await expectNoAxeViolations(page, 'agent list on a phone');
    } finally {
      await browser.close();
    }
  });

  it('asks before leaving unsaved changes, shows a newer version saved elsewhere, and compares and restores versions (German and English, desktop and phone)', async () => {
    let id = '';
    let version = 1;
    for (const language of ['de', 'en'] as const) {
      const text = LEAVE_TEXTS[language];
      const { browser, page } = await signInToPortal(portal, '/agents/new', 'employee', language === 'de' ? 'de-DE' : 'en-US');
      try {
        if (!id) {
          await page.getByRole('textbox', { name: /^Name/ }).fill('Reiseplaner');
          await page.getByRole('textbox', { name: /^Anweisungen/ }).fill('Plane Reisen für {{user_name}}.');
          await page.getByRole('button', { name: 'Speichern' }).click();
          await page.waitForURL(/\/agents\/[0-9a-f-]{36}$/, { timeout: 30_000 });
          id = page.url().split('/').at(-1)!;
        }
        for (const [device, size] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
          await page.setViewportSize(size);
          await page.goto(`${portal.portalUrl}/agents/${id}`);
          // Unsaved text, then away: the dialog asks, and staying keeps it.
          await page.getByRole('textbox', { name: text.description }).fill(`Plant Dienstreisen (${device})`);
          await page.getByRole('link', { name: text.back }).click();
          const dialog = page.getByRole('alertdialog', { name: text.leave });
          await dialog.waitFor();
          // The check waits for the dialog's entrance animation, so the picture shows it settled.
          await expectNoAxeViolations(page, `leave dialog (${device}, ${language})`);
          await shot(page, `${device}-${language}-leave`);
          await dialog.getByRole('button', { name: text.stay }).click();
          assert.equal(await page.getByRole('textbox', { name: text.description }).inputValue(), `Plant Dienstreisen (${device})`);

          // Someone saves a newer version meanwhile: the save shows it against the form.
          assert.equal(await saveElsewhere(page, id, { instructions: `Plane Reisen mit der Bahn für {{user_name}} (${language}, ${device}).` }), 200);
          version += 1;
          await page.getByRole('button', { name: text.save, exact: true }).click();
          const notice = page.getByRole('region', { name: text.newer });
          await notice.waitFor({ timeout: 30_000 });
          await notice.getByRole('heading', { name: text.instructions }).scrollIntoViewIfNeeded();
          await expectNoAxeViolations(page, `newer version (${device}, ${language})`);
          await shot(page, `${device}-${language}-conflict`);
          await notice.getByRole('button', { name: text.take(version) }).click();

          // The versions: the current one against the one before; version 1 restored as a new one.
          await page.getByRole('link', { name: text.versionsTab }).click();
          await page.getByRole('heading', { level: 2, name: text.diffHeading(version) }).waitFor({ timeout: 30_000 });
          await page.getByLabel(text.instructionsDiff(version)).waitFor();
          await expectNoAxeViolations(page, `versions (${device}, ${language})`);
          await shot(page, `${device}-${language}-versions`);
          await page.getByRole('list', { name: text.versionsList }).getByRole('button', { name: new RegExp(`^Version 1\\b`) }).click();
          const restore = page.getByRole('button', { name: text.restore(1) });
          await restore.waitFor();
          await shot(page, `${device}-${language}-versions-first`);
          await restore.click();
          version += 1;
          await page.getByRole('status').filter({ hasText: text.restored(version) }).first().waitFor({ timeout: 30_000 });
        }
      } finally {
        await browser.close();
      }
    }
  });
});

/** The texts the leave, newer-version and versions steps look for, per language. */
const LEAVE_TEXTS = {
  de: {
    description: /^Beschreibung/,
    instructions: 'Anweisungen',
    back: 'Zurück zu den Agenten',
    leave: 'Ohne Speichern verlassen?',
    stay: 'Weiter bearbeiten',
    save: 'Speichern',
    newer: 'Es gibt eine neuere Version',
    take: (version: number) => `Version ${version} übernehmen`,
    versionsTab: 'Versionen',
    versionsList: 'Versionen, neueste zuerst',
    diffHeading: (version: number) => `Änderungen in Version ${version} gegenüber Version ${version - 1}`,
    instructionsDiff: (version: number) => `Anweisungen: Änderungen in Version ${version}`,
    restore: (version: number) => `Version ${version} wiederherstellen`,
    restored: (version: number) => `Version 1 als Version ${version} wiederhergestellt.`,
  },
  en: {
    description: /^Description/,
    instructions: 'Instructions',
    back: 'Back to agents',
    leave: 'Leave without saving?',
    stay: 'Keep editing',
    save: 'Save',
    newer: 'A newer version exists',
    take: (version: number) => `Take version ${version}`,
    versionsTab: 'Versions',
    versionsList: 'Versions, newest first',
    diffHeading: (version: number) => `Changes in version ${version} against version ${version - 1}`,
    instructionsDiff: (version: number) => `Instructions: changes in version ${version}`,
    restore: (version: number) => `Restore version ${version}`,
    restored: (version: number) => `Version 1 restored as version ${version}.`,
  },
};

/** Saves the agent as another session would (its current fields with a change), through the API with the page's token. */
async function saveElsewhere(page: Page, id: string, change: Record<string, unknown>): Promise<number> {
  return page.evaluate(
    async ({ id, change }) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
      const headers = { authorization: `Bearer ${(JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token}`, 'content-type': 'application/json' };
      const agent = (await (await fetch(`/api/agents/${id}`, { headers })).json()) as Record<string, unknown>;
      const { id: _id, version, visibility: _visibility, editable: _editable, created_at: _created, updated_at: _updated, sharing: _sharing, ...fields } = agent;
      const response = await fetch(`/api/agents/${id}`, { method: 'PUT', headers, body: JSON.stringify({ ...fields, ...change, base_version: version }) });
      return response.status;
    },
    { id, change },
  );
}

async function assertValue(field: ReturnType<Page['getByRole']>, expected: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await field.inputValue()) !== expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(await field.inputValue(), expected);
}
