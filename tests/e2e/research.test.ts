import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { GROUNDING_FIXTURES_DIR, POLICY_PDF, POLICY_SENTENCE } from '../fixtures/documents/make-grounding-fixtures';
import { sideCallRules, startScriptedModelServer, type ModelRequest, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { startTestMcpServer, type TestMcpServer } from '../fixtures/test-mcp-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';
import { uploadToNewCollection } from './support/upload-documents';

const SHOTS = process.env.RESEARCH_SCREENSHOTS_DIR ?? '/tmp/shots-research';
const POLICY_BYTES = readFileSync(join(GROUNDING_FIXTURES_DIR, POLICY_PDF));
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The first lines of the server's research prompts (server/src/research/research-prompts.ts).
const CLARIFY = 'You decide whether a research request needs one clarifying question';
const PLAN = 'You plan a research';
const TASK = 'You carry out one task of a research plan';
const REPORT = 'You write the research report';

const QUESTION_DE = 'Wie hoch ist die Reisekostenpauschale für Dienstreisen ins Ausland?';
const CLARIFYING_QUESTION = 'Für welches Jahr möchten Sie die Pauschale wissen?';
const EDITED_TASK = 'Finde die Auslandspauschale in der Reiserichtlinie';
const ADDED_TASK = 'Schlage Erika Mustermann im Personalverzeichnis nach';
const QUESTION_EN = 'What is the daily allowance for business trips abroad in 2026?';

/** The plan the model proposes: German or English by the request. */
function plan(request: string): string {
  return request.includes('allowance')
    ? JSON.stringify({ title: 'Daily allowance 2026', tasks: [{ content: 'Find the allowance in the travel policy' }] })
    : JSON.stringify({
        title: 'Reisekostenpauschale 2026',
        tasks: [{ content: 'Finde die Pauschale in der Reiserichtlinie' }, { content: 'Finde Änderungen durch Rundschreiben' }],
      });
}

/** The judge of the report's sources: the policy's key sentence supports it, the rest is unrelated. */
function judge(message: string): string {
  const input = JSON.parse(message) as { sources: Array<{ n: number; sentences: Array<{ s: number; text: string }> }> };
  return JSON.stringify({
    sources: input.sources.map((source) => ({
      n: source.n,
      sentences: source.sentences.map((sentence) => {
        const text = squash(sentence.text);
        return text.length > 3 && POLICY_SENTENCE.includes(text)
          ? { s: sentence.s, label: 'supports', strength: 0.9 }
          : { s: sentence.s, label: 'unrelated', strength: 0 };
      }),
    })),
  });
}

const taskRequests = (model: ScriptedModelServer, task: string) =>
  model.requests.filter((r: ModelRequest) => (r.systemMessage ?? '').includes(TASK) && (r.lastUserMessage ?? '').includes(`Your task: ${task}`));

// Deep research in a real browser against the started system: an administrator registers the test
// MCP server; an employee with a collection turns research on, answers the clarifying question,
// edits the plan (changes one task, removes one, adds one that needs the MCP server) and approves,
// closes the tab while the tasks work, reopens the conversation and watches the run finish, then
// opens a citation of the report in the document preview. The scripted model server plans, works
// the tasks (a slow answer keeps execution going long enough to close the tab) and writes the report.
describe('deep research end to end', { timeout: 25 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let mcp: TestMcpServer;
  let portal: RunningPortal;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    mcp = await startTestMcpServer({ name: 'hr' });
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        {
          system: CLARIFY,
          reply: (request) =>
            JSON.stringify(/2026/.test(request) ? { needs_clarification: false, question: '' } : { needs_clarification: true, question: CLARIFYING_QUESTION }),
        },
        { system: PLAN, reply: plan },
        // A task's first round asks for a tool: the directory for the added task, else the documents.
        {
          system: TASK,
          offersTools: true,
          afterToolResults: false,
          match: (text) => text.includes('Erika'),
          toolCalls: [{ name: 'hr__lookup_employee', arguments: { name: 'Erika Mustermann' } }],
        },
        { system: TASK, offersTools: true, afterToolResults: false, toolCalls: [{ name: 'search_documents', arguments: { query: 'Reisekostenpauschale Ausland' } }] },
        // The findings come slowly (a word every 1.5 s): time to close the tab while tasks work.
        { system: TASK, afterToolResults: true, match: (text) => text.includes('Erika'), reply: 'Erika Mustermann sitzt in der Personalabteilung, Raum 2.14.', delayMs: 1500 },
        { system: TASK, afterToolResults: true, reply: 'Die Reiserichtlinie nennt 48 Euro pro Tag für Auslandsreisen [1].', delayMs: 1500 },
        {
          system: REPORT,
          delayMs: 30,
          reply: (request) =>
            request.includes('allowance')
              ? '## Result\n\nThe travel policy sets the allowance at **48 euros a day** [1].'
              : '## Ergebnis\n\nDie Reiserichtlinie setzt die Pauschale auf **48 Euro pro Tag** fest [1]. Ansprechpartnerin ist Erika Mustermann (Personalabteilung).',
        },
        { system: 'You check an answer against the sources it was written from', reply: (message) => judge(message) },
        ...sideCallRules('Reisekostenpauschale'),
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
    await mcp?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
  const expectNoAxeViolations = async (page: Page, where: string) => {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${where}: ${describeViolations(violations)}`);
  };

  it('an administrator registers the HR tool server and lists its tools', async () => {
    const { browser, page } = await signInToPortal(portal, '/customization', 'admin');
    try {
      const section = page.getByRole('region', { name: 'Tool-Server (MCP)' });
      await section.waitFor();
      await section.getByRole('textbox', { name: /^Name/ }).fill('HR');
      await section.getByRole('textbox', { name: /^URL \(Streamable HTTP\)/ }).fill(mcp.url);
      await section.getByRole('button', { name: 'Hinzufügen' }).click();
      const list = section.getByRole('list', { name: 'Eingetragene Tool-Server' });
      await list.getByRole('listitem').filter({ hasText: 'HR' }).waitFor();
      await section.getByRole('button', { name: 'Werkzeuge abrufen: HR' }).click();
      await section.getByText(/HR bietet \d+ Werkzeuge an:/).waitFor({ timeout: 30_000 });
      assert.ok(await section.getByText('lookup_employee').isVisible());
    } finally {
      await browser.close();
    }
  });

  it('researches with a clarification and an edited plan, survives a closed tab, and opens a cited source (desktop, German)', async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee');
    try {
      await uploadToNewCollection(page, portal.portalUrl, 'Reisen', [{ name: POLICY_PDF, mimeType: 'application/pdf', buffer: POLICY_BYTES }]);
      await page.goto(`${portal.portalUrl}/chat`);
      const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
      await composer.waitFor();

      // Research on, and the HR directory picked for this conversation.
      const researchSwitch = page.getByRole('button', { name: 'Tiefenrecherche' });
      await researchSwitch.click();
      assert.equal(await researchSwitch.getAttribute('aria-pressed'), 'true');
      await page.getByRole('button', { name: /^Werkzeuge/ }).click();
      await page.getByRole('checkbox', { name: 'HR' }).check();
      await page.getByRole('button', { name: 'Fertig' }).click();
      await page.getByRole('list', { name: 'Werkzeuge für diese Unterhaltung' }).getByText('HR').waitFor();
      await composer.fill(QUESTION_DE);
      await composer.press('Enter');
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      const conversationUrl = page.url();

      // The clarifying question, answered from the composer.
      const panel = page.getByRole('region', { name: 'Tiefenrecherche' }).last();
      await panel.getByText(CLARIFYING_QUESTION).waitFor({ timeout: 60_000 });
      await shot(page, 'desktop-de-clarification');
      await expectNoAxeViolations(page, 'clarification');
      await composer.fill('2026');
      await composer.press('Enter');

      // The plan: change the first task, remove the second, add one, approve.
      const editor = page.getByRole('form', { name: 'Rechercheplan' });
      await editor.waitFor({ timeout: 60_000 });
      await shot(page, 'desktop-de-plan');
      await expectNoAxeViolations(page, 'plan editor');
      assert.equal(await editor.getByRole('textbox').count(), 2);
      await editor.getByRole('textbox', { name: 'Aufgabe 1' }).fill(EDITED_TASK);
      await editor.getByRole('button', { name: 'Aufgabe 2 entfernen' }).click();
      assert.equal(await editor.getByRole('textbox').count(), 1);
      await editor.getByRole('button', { name: 'Aufgabe hinzufügen' }).click();
      await editor.getByRole('textbox', { name: 'Aufgabe 2' }).fill(ADDED_TASK);
      await editor.getByRole('button', { name: 'Plan freigeben' }).click();

      // Execution: the tasks work; the tab closes while they do.
      const taskList = page.getByRole('region', { name: 'Aufgaben' }).last();
      await taskList.getByRole('listitem').filter({ hasText: EDITED_TASK }).waitFor({ timeout: 60_000 });
      await taskList.getByText('In Arbeit').first().waitFor({ timeout: 60_000 });
      await shot(page, 'desktop-de-execution');
      await expectNoAxeViolations(page, 'execution');
      const reportAsked = () => model.requests.some((r) => (r.systemMessage ?? '').includes(REPORT));
      assert.equal(reportAsked(), false, 'the report is not written yet when the tab closes');
      await page.close();
      // No tab is open: the run goes on, on the server, up to its report.
      const deadline = Date.now() + 120_000;
      while (!reportAsked() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      assert.ok(reportAsked(), 'the report was written while no tab was open');

      // Reopened: the run is shown where it is (finished, or finishing here).
      const again = await browser.context.newPage();
      await again.goto(conversationUrl);
      const report = again.getByRole('region', { name: 'Tiefenrecherche' }).last();
      await report.getByText('48 Euro pro Tag', { exact: true }).waitFor({ timeout: 120_000 });
      await shot(again, 'desktop-de-report');
      await expectNoAxeViolations(again, 'report');

      // The edited plan is what ran: the changed and the added task, not the removed one; the
      // added task called the HR directory over MCP (through the server, never the browser).
      assert.ok(taskRequests(model, EDITED_TASK).length > 0, 'the edited task ran');
      assert.ok(taskRequests(model, ADDED_TASK).length > 0, 'the added task ran');
      assert.equal(taskRequests(model, 'Finde Änderungen durch Rundschreiben').length, 0, 'the removed task did not run');
      assert.ok(mcp.calls.includes('lookup_employee'), 'the MCP tool was called');
      const toolCall = again.getByText('hr__lookup_employee').first();
      assert.ok((await toolCall.count()) > 0, 'the MCP tool call is shown');
      // Each call shows what it returned under its step: the directory's line, the policy found.
      const tasks = report.getByRole('region', { name: 'Aufgaben' });
      await tasks.locator('.research__tool-result').filter({ hasText: 'Ergebnis: Erika Mustermann, Personalabteilung, Raum 2.14' }).waitFor();
      await tasks.locator('.research__tool-result').filter({ hasText: `Ergebnis: ${POLICY_PDF}` }).first().waitFor();
      await tasks.scrollIntoViewIfNeeded();
      await shot(again, 'desktop-de-task-results');
      await again.setViewportSize({ width: 390, height: 844 });
      await tasks.scrollIntoViewIfNeeded();
      await shot(again, 'phone-de-task-results');
      await again.setViewportSize({ width: 1280, height: 800 });

      // The report's sources (computed after it, then polled): the cited policy supports it, and
      // opens in the preview with the passage marked.
      const supporting = report.getByRole('region', { name: 'Quellen' }).getByRole('region', { name: /^Belegend/ });
      await supporting.waitFor({ timeout: 90_000 });
      assert.match(await supporting.innerText(), new RegExp(escape(POLICY_PDF)));
      await supporting.scrollIntoViewIfNeeded();
      await shot(again, 'desktop-de-sources');
      await supporting.getByRole('button', { name: new RegExp(`Im Dokument zeigen.*${escape(POLICY_PDF)}`) }).first().click();
      const dialog = again.getByRole('dialog');
      await dialog.locator('.ui-document-preview__box').first().waitFor({ timeout: 60_000 });
      await shot(again, 'desktop-de-preview');
      await again.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await browser.close();
    }
  });

  it('researches without a clarification, approves the plan as proposed and shows the report (phone, English)', async () => {
    const { browser, page } = await signInToPortal(portal, '/chat', 'employee', 'en-US');
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      const composer = page.getByRole('textbox', { name: 'Your message' });
      await composer.waitFor();
      await page.getByRole('button', { name: 'Deep research' }).click();
      await composer.fill(QUESTION_EN);
      await composer.press('Enter');
      const editor = page.getByRole('form', { name: 'Research plan' });
      await editor.waitFor({ timeout: 60_000 });
      await shot(page, 'phone-en-plan');
      await expectNoAxeViolations(page, 'phone plan');
      await editor.getByRole('button', { name: 'Approve plan' }).click();
      const panel = page.getByRole('region', { name: 'Deep research' }).last();
      await panel.getByText('48 euros a day', { exact: true }).waitFor({ timeout: 120_000 });
      await shot(page, 'phone-en-report');
      const tasks = panel.getByRole('region', { name: 'Tasks' });
      await tasks.locator('.research__tool-result').filter({ hasText: `Result: ${POLICY_PDF}` }).first().waitFor();
      await tasks.scrollIntoViewIfNeeded();
      await shot(page, 'phone-en-task-results');
      await expectNoAxeViolations(page, 'phone report');
      // Nothing wider than the phone's screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `no horizontal scrolling (${overflow} px)`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await tasks.scrollIntoViewIfNeeded();
      await shot(page, 'desktop-en-task-results');
    } finally {
      await browser.close();
    }
  });
});
