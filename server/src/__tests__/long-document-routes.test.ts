import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { SUMMARIZE_MAX_CHARACTERS, customAppSchema, type StreamEvent } from '@assistant/contracts';
import { startScriptedModelServer, type ModelRequest, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { seedCollection, seedDocument } from '../grounding/__tests__/seed-documents';
import { loadTokenCounter } from '../use-cases/long-text/token-count';
import { startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';
import { seedDemoSettings, streamEvents, streamShape, streamedText } from './support/use-cases-test-app';

const CONTEXT = 8_000;
const FINAL = 'Der Bericht beschreibt alle Abteilungen: Umsatz, Personal und Projekte.';
const APP_FINAL = '| Abteilung | Aufgaben |\n|---|---|\n| Einkauf | Zahlen prüfen |';

/**
 * A report of exactly SUMMARIZE_MAX_CHARACTERS characters in numbered sections, each with its own
 * figures, so a part's summary can name the sections it read.
 */
function longReport(): string {
  const sections: string[] = [];
  for (let n = 1; sections.join('\n\n').length < SUMMARIZE_MAX_CHARACTERS; n += 1) {
    sections.push(
      `Abschnitt ${n}: Die Abteilung ${['Einkauf', 'Vertrieb', 'Technik', 'Personal'][n % 4]} meldet für Monat ${(n % 12) + 1} einen Umsatz von ${(n * 7919) % 100_000} Euro. ` +
        `Frau Berg prüft bis zum ${(n % 28) + 1}. die Zahlen, Herr Adler plant ${n % 9} neue Projekte. Die Besprechung beschloss, das Budget um ${n % 17} Prozent zu ändern.`,
    );
  }
  return sections.join('\n\n').slice(0, SUMMARIZE_MAX_CHARACTERS);
}

/** The text between the boundary lines of a part's user message (a summary's `text`, an app's `document`). */
function quotedPart(message: string, block = 'text'): string {
  const match = new RegExp(`<<<${block} ([0-9a-f]{8})>>>\\n([\\s\\S]*)\\n<<<end ${block} \\1>>>`).exec(message);
  assert.ok(match, 'the part is quoted between boundary lines');
  return match[2]!;
}

/** The part summary the scripted model writes: the first and last section the part holds. */
function partSummary(message: string, block = 'text'): string {
  const numbers = [...quotedPart(message, block).matchAll(/Abschnitt (\d+)/g)].map((match) => match[1]);
  return `Abschnitte ${numbers.at(0) ?? '?'} bis ${numbers.at(-1) ?? '?'}: Umsatz und Budget.`;
}

const progressOf = (list: StreamEvent[]) => list.flatMap((event) => (event.kind === 'progress' ? [`${event.stage} ${event.current}/${event.total}`] : []));

describe('a document longer than the model\'s context: summarize and custom apps', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let t: CollectionsTestApp;
  let count: (text: string) => number;
  const report = longReport();
  const rules: ScriptRule[] = [
    { system: 'You summarize one part of a longer text', reply: (message) => partSummary(message) },
    { system: 'You write the summary of a long text', reply: FINAL },
    { system: 'on one part of a long document', reply: (message) => partSummary(message, 'document') },
    { system: 'You write the answer to the instruction', reply: APP_FINAL },
  ];

  before(async () => {
    handle = await openTestPglite();
    count = await loadTokenCounter();
    model = await startScriptedModelServer();
    t = await startCollectionsTestApp(handle, { OPENAI_BASE_URL: model.url, MODEL_CONTEXT_TOKENS: String(CONTEXT) });
    await seedDemoSettings(handle.db);
  });
  after(async () => {
    await t.close();
    await model.close();
    await handle.close();
  });
  beforeEach(() => {
    // A model of an 8,000-token context whose tokenizer counts as the server's does.
    model.setScript({ context: { tokens: CONTEXT, count }, rules });
    model.requests.length = 0;
  });

  const summarize = (payload: object) => t.as('employee', { method: 'POST', url: '/api/summarize', payload });
  const fits = (request: ModelRequest) => !request.refusedForContext && request.promptTokens! + (request.body.max_tokens as number) <= CONTEXT;

  it('summarizes 100,000 characters in parts that each fit, counts the parts up and streams the merged summary', async () => {
    assert.equal(report.length, SUMMARIZE_MAX_CHARACTERS);
    const response = await summarize({ text: report, length: 'long', language: 'de' });
    assert.equal(response.statusCode, 200, response.body);
    const list = streamEvents(response.body);
    const calls = model.chatRequests();
    const parts = calls.filter((call) => call.systemMessage!.startsWith('You summarize one part'));
    assert.ok(parts.length >= 4, `split into ${parts.length} parts`);
    assert.ok(calls.every(fits), 'every call fits the context with its max_tokens');

    // Progress: each part in turn, then the merge; then the merged summary as the answer.
    const total = parts.length;
    assert.deepEqual(progressOf(list), [...parts.map((_, i) => `part ${i + 1}/${total}`), 'combine 1/1']);
    assert.deepEqual(streamShape(list).slice(-2), ['stream_text:end', 'done']);
    assert.equal(streamedText(list), FINAL);

    // Every character read exactly once, in order, each part quoted as data with its number.
    assert.equal(parts.map((call) => quotedPart(call.lastUserMessage!)).join(''), report);
    parts.forEach((call, i) => assert.match(call.lastUserMessage!, new RegExp(`^Part ${i + 1} of ${total} of the text to summarize`)));

    // The merge gets every part's summary, in order, quoted; it streams.
    const merge = calls.at(-1)!;
    assert.equal(merge.stream, true);
    assert.match(merge.systemMessage!, /You write the summary of a long text/);
    const summaries = parts.map((call) => partSummary(call.lastUserMessage!));
    let at = 0;
    for (const [i, summary] of summaries.entries()) {
      const found = merge.lastUserMessage!.indexOf(`<<<part ${i + 1} `, at);
      assert.ok(found >= at && merge.lastUserMessage!.indexOf(summary, found) > found, `part ${i + 1}'s summary is quoted in order`);
      at = found;
    }
    assert.equal(calls.length, total + 1);
  });

  it('merges in groups when the parts\' summaries do not fit one call', async () => {
    const long = 'Umsatz, Budget und Projekte der Abteilungen mit allen Zahlen des Abschnitts. '.repeat(60);
    model.setScript({
      rules: [
        { system: 'You summarize one part of a longer text', reply: long },
        { system: 'You merge the summaries of consecutive parts', reply: 'Zwischenstand der Teile.' },
        { system: 'You write the summary of a long text', reply: FINAL },
      ],
    });
    const response = await summarize({ text: report });
    assert.equal(response.statusCode, 200, response.body);
    const list = streamEvents(response.body);
    const progress = progressOf(list);
    const groups = progress.filter((step) => step.startsWith('combine') && step !== 'combine 1/1');
    assert.ok(groups.length >= 2, `merged in groups: ${progress.join(', ')}`);
    assert.equal(progress.at(-1), 'combine 1/1');
    assert.equal(streamedText(list), FINAL);
    assert.ok(model.chatRequests().every(fits));
  });

  it('sends a text that fits in one call, with max_tokens the context leaves', async () => {
    const response = await summarize({ text: report.slice(0, 4_000) });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(progressOf(streamEvents(response.body)), []);
    const [call] = model.chatRequests();
    assert.match(call!.systemMessage!, /^You summarize a text/);
    assert.equal(call!.body.max_tokens, CONTEXT / 4);
    assert.ok(fits(call!));
  });

  it('makes no further model call once the client stops', async () => {
    // Each part takes a second: the stop reaches the server while the second is surely under way,
    // however busy the machine.
    model.setScript({ rules: [{ ...rules[0]!, delayMs: 1_000 }, ...rules.slice(1)] });
    const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const controller = new AbortController();
      const response = await fetch(`${origin}/api/summarize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await t.token('employee')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: report }),
        signal: controller.signal,
      });
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      while (!received.includes('"current":2')) {
        const { value, done } = await reader.read();
        assert.equal(done, false, 'the stream ended early');
        received += decoder.decode(value, { stream: true });
      }
      controller.abort();
      await model.waitFor((requests) => requests.at(-1)!.aborted);
      const made = model.chatRequests().length;
      assert.equal(made, 2, 'the second part was under way');
      // A next call would start at once after the aborted one; give it time to show.
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(model.chatRequests().length, made, 'no call after the stop');
    } finally {
      t.app.server.closeAllConnections();
    }
  });

  it('halves a part the model still finds too long and tries again', async () => {
    // This model's tokenizer counts two fifths more than o200k_base (as Mistral's does for German): more than the margin allows for.
    model.setScript({ context: { tokens: CONTEXT, count: (text) => Math.ceil(count(text) * 1.4) } });
    const response = await summarize({ text: report });
    assert.equal(response.statusCode, 200, response.body);
    const list = streamEvents(response.body);
    assert.equal(streamedText(list), FINAL);
    const calls = model.chatRequests();
    assert.ok(calls.some((call) => call.refusedForContext), 'a part was refused');
    const read = calls.filter((call) => !call.refusedForContext && call.systemMessage!.startsWith('You summarize one part'));
    assert.equal(read.map((call) => quotedPart(call.lastUserMessage!)).join(''), report, 'the halves together are the text');
    const totals = progressOf(list).filter((step) => step.startsWith('part')).map((step) => Number(step.split('/')[1]));
    assert.ok(totals.at(-1)! > totals[0]!, 'the parts grew in number');
  });

  it('runs a custom app over a 100,000-character document in parts, its template the instruction of every call', async () => {
    const app = customAppSchema.parse(
      (
        await t.as('employee', {
          method: 'POST',
          url: '/api/custom-apps',
          payload: {
            name: 'Aufgabenliste',
            icon: 'checklist',
            template: 'List every task of the department {{department}} as a table.',
            variables: [{ name: 'department', label: 'Abteilung', kind: 'short_text' }],
          },
        })
      ).json(),
    );
    const collection = await seedCollection(handle.db, 'employee', 'Berichte');
    const fileId = await seedDocument(handle.db, { collectionId: collection, name: 'Jahresbericht.pdf', pages: [report.slice(0, 50_000), report.slice(50_000, -2)] });
    const run = (payload: object, user: 'employee' | 'other' = 'employee') => t.as(user, { method: 'POST', url: `/api/custom-apps/${app.id}/run`, payload });

    const response = await run({ values: { department: 'Einkauf' }, file_id: fileId });
    assert.equal(response.statusCode, 200, response.body);
    const list = streamEvents(response.body);
    assert.equal(streamedText(list), APP_FINAL);
    const calls = model.chatRequests();
    assert.ok(calls.every(fits), 'every call fits the context with its max_tokens');
    const parts = calls.slice(0, -1);
    assert.ok(parts.length >= 4);
    assert.deepEqual(progressOf(list), [...parts.map((_, i) => `part ${i + 1}/${parts.length}`), 'combine 1/1']);
    // The pages a blank line apart, read once and in order; the filled template leads every call, the value quoted.
    assert.equal(parts.map((call) => quotedPart(call.lastUserMessage!, 'document')).join(''), `${report.slice(0, 50_000)}\n\n${report.slice(50_000, -2)}`);
    for (const call of calls) assert.match(call.lastUserMessage!, /^List every task of the department <<<department ([0-9a-f]{8})>>>Einkauf<<<end department \1>>> as a table\./);
    assert.match(calls.at(-1)!.lastUserMessage!, /Document: "Jahresbericht\.pdf"|of "Jahresbericht\.pdf"/);

    // Someone else's document is a 404, like a missing one; nothing reaches the model.
    model.requests.length = 0;
    const theirs = await seedDocument(handle.db, { collectionId: await seedCollection(handle.db, 'other-employee', 'Privat'), name: 'Privat.pdf', pages: ['Geheim.'], createdBy: 'other-employee' });
    assert.equal((await run({ values: { department: 'Einkauf' }, file_id: theirs })).statusCode, 404);
    assert.equal(model.chatRequests().length, 0);
  });
});
