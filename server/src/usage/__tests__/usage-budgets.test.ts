import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { adminUsageResponseSchema, apiErrorSchema, budgetSettingsSchema, myUsageResponseSchema, type BudgetSettings } from '@assistant/contracts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../../db/database';
import { describeStreamFailure } from '../../inference/public-failure';
import { ModelProvider } from '../../inference/model-provider';
import { testDatabaseTargets } from '../../testing/test-databases';
import { BudgetExhaustedError } from '../budget-exhausted-error';
import { meteredJobHandlers } from '../metered-job-handlers';
import { nextMonthStart } from '../month';
import { multipartForm } from '../../__tests__/support/use-cases-test-app';
import { ADMIN, newUser, startUsageTestApp, type TestUser, type UsageTestApp } from './support/usage-test-app';

/**
 * A chat message is two model calls: the intent (reported as no tokens) and the answer (400 tokens
 * in and 600 out, unless its words ask for something else).
 */
const CALL_TOKENS = 1_000;
const RULES = [
  { system: 'Classify the user', reply: JSON.stringify({ greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false }), usage: { prompt_tokens: 0, completion_tokens: 0 } },
  { match: /nousage/, reply: 'Twelve chars', usage: null },
  { match: /eighty/, reply: 'Fine.', usage: { prompt_tokens: 80, completion_tokens: 5 } },
];
const DEFAULT_USAGE = { prompt_tokens: 400, completion_tokens: 600 };

/** A WAV file of 0.1 s of silence (8 kHz, 16-bit mono): what the transcription route takes by its content. */
function silentWav(): Buffer {
  const data = 1_600;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8_000, 24);
  wav.writeUInt32LE(16_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(data, 40);
  return wav;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function usageRows(handle: DatabaseHandle, sub: string) {
  return handle.db.selectFrom('usage_events').selectAll().where('user_sub', '=', sub).orderBy('id').execute();
}

async function balanceOf(handle: DatabaseHandle, sub: string): Promise<number> {
  const row = await handle.db.selectFrom('usage_balances').select('tokens').where('user_sub', '=', sub).executeTakeFirst();
  return Number(row?.tokens ?? 0);
}

function budgets(settings: Partial<BudgetSettings>): BudgetSettings {
  return { unit: 'tokens', currency: 'EUR', default_limit: null, groups: [], users: [], prices: [], transcription_tokens_per_minute: 1_000, ...settings };
}

for (const target of testDatabaseTargets()) {
  describe(`usage and budgets on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let a: UsageTestApp;
    let b: UsageTestApp;
    let env: NodeJS.ProcessEnv;

    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({
        models: ['scripted-model'],
        rules: [...RULES, { match: () => true, reply: 'one two three', usage: DEFAULT_USAGE }],
        transcription: { duration: 90 },
      });
      env = { OPENAI_BASE_URL: model.url, TRANSCRIPTION_MODEL: 'whisper-test', MODEL_MAX_TOKENS: String(CALL_TOKENS), MODEL_CONTEXT_TOKENS: '2048' };
      // Two replicas on one database, reading each other's spending every 100 ms.
      a = await startUsageTestApp(handle, env, { flushIntervalMs: 100, refreshAfterMs: 100 });
      b = await startUsageTestApp(handle, env, { flushIntervalMs: 100, refreshAfterMs: 100 });
    });
    after(async () => {
      await a.close();
      await b.close();
      await model.close();
      await handle.close();
    });

    const chat = (t: UsageTestApp, user: TestUser, content = 'Hi?') =>
      t.as(user, { method: 'POST', url: '/api/chat/stream', payload: { payload: { content } } });
    const setBudgets = async (settings: BudgetSettings) => {
      const response = await a.as(ADMIN, { method: 'PUT', url: '/api/admin/budgets', payload: settings });
      assert.equal(response.statusCode, 200, response.body);
      // The other replica reads the settings again within its refresh.
      await b.meter.flush();
      await new Promise((resolve) => setTimeout(resolve, 250));
    };
    const assertBudgetExhausted = (response: { statusCode: number; json(): unknown; body: string }) => {
      assert.equal(response.statusCode, 429, response.body);
      const body = apiErrorSchema.parse(response.json());
      assert.equal(body.code, 'budget_exhausted');
      assert.equal(body.resets_at, nextMonthStart(new Date()).toISOString());
      assert.match(body.message, /budget .* used up/);
    };

    it('records each feature with the endpoint usage, an estimate marked as such, transcription minutes and jobs', async () => {
      const user = newUser(['/finance', '/dept/controlling']);
      assert.equal((await chat(a, user)).statusCode, 200);
      assert.equal((await chat(a, user, 'nousage please')).statusCode, 200);
      assert.equal((await a.as(user, { method: 'POST', url: '/api/easy-language', payload: { text: 'Ein Satz.', locale: 'de' } })).statusCode, 200);
      // The scripted model answers no translation: the call is made (and counted) all the same.
      await a.as(user, { method: 'POST', url: '/api/translate', payload: { text: 'Hallo', source_language: 'de', target_language: 'en', engine_id: 'llm:scripted-model' } });
      const transcribed = await a.as(user, { method: 'POST', url: '/api/transcriptions', ...multipartForm([{ name: 'file', filename: 'a.wav', content: silentWav(), type: 'audio/wav' }]) });
      assert.equal(transcribed.statusCode, 200, transcribed.body);
      // A job of the user's (deep research, source computation) runs as its owner with the directory's groups.
      const provider = ModelProvider.fromConfig(a.config.inference, { debug() {}, info() {}, warn() {}, error() {} }, undefined, a.meter);
      const handlers = meteredJobHandlers(a.meter, 'research', { plan: { run: () => provider.complete({ model: 'scripted-model', messages: [{ role: 'user', content: 'Plan it' }] }) } });
      await handlers.plan!.run({ id: 'job', kind: 'plan', payload: {}, owner: user.sub, attempt: 1, signal: new AbortController().signal });
      await a.meter.flush();

      const rows = await usageRows(handle, user.sub);
      const byFeature = (feature: string) => rows.filter((row) => row.feature === feature);
      const [reported, estimated] = byFeature('chat').filter((row) => row.input_tokens + row.output_tokens > 0);
      assert.deepEqual([reported!.input_tokens, reported!.output_tokens, reported!.estimated_tokens], [400, 600, 0]);
      assert.equal(reported!.model, 'scripted-model');
      assert.deepEqual(reported!.groups, ['/finance', '/dept/controlling']);
      // No usage from the endpoint: the prompt's and the answer's characters / 4, all estimated.
      assert.equal(estimated!.output_tokens, Math.ceil('Twelve chars'.length / 4));
      assert.ok(estimated!.input_tokens > 0);
      assert.equal(estimated!.estimated_tokens, estimated!.input_tokens + estimated!.output_tokens);
      assert.equal(byFeature('easy_language').length, 1);
      assert.ok(byFeature('translation').length >= 1);
      const [transcription] = byFeature('transcription');
      assert.deepEqual([transcription!.model, transcription!.audio_seconds, transcription!.input_tokens], ['whisper-test', 90, 1_500]);
      const [research] = byFeature('research');
      assert.deepEqual(research!.groups, ['/dept/controlling', '/finance']);

      const mine = myUsageResponseSchema.parse((await a.as(user, { method: 'GET', url: '/api/usage/me' })).json());
      assert.equal(mine.totals.calls, rows.length);
      assert.equal(mine.totals.transcription_minutes, 1.5);
      assert.equal(mine.totals.estimated_tokens, estimated!.estimated_tokens);
      assert.deepEqual(mine.by_feature.map((row) => row.feature).sort(), ['chat', 'easy_language', 'research', 'transcription', 'translation']);
      assert.equal(mine.budget, null);
      assert.equal(mine.notice_due, false);
      // Someone else sees none of it.
      assert.equal(myUsageResponseSchema.parse((await a.as(newUser(), { method: 'GET', url: '/api/usage/me' })).json()).totals.calls, 0);
    });

    it('shows administrators usage by day (zero days too), feature, model, group and top users with names, and exports CSV', async () => {
      const group = `/usage-${Date.now()}`;
      const first = newUser([group, '/other-team'], { name: '=HYPERLINK("x")', email: 'first@example.com' });
      const second = newUser([group], { name: 'Doe, Jane' });
      await chat(a, first);
      await chat(a, first);
      await chat(b, second);
      await b.meter.flush();
      const query = `from=${daysAgo(2)}&to=${today()}&group=${encodeURIComponent(group)}`;
      const response = await a.as(ADMIN, { method: 'GET', url: `/api/admin/usage?${query}` });
      assert.equal(response.statusCode, 200, response.body);
      const usage = adminUsageResponseSchema.parse(response.json());
      assert.deepEqual(usage.by_day.map((day) => day.day), [daysAgo(2), daysAgo(1), today()]);
      assert.deepEqual(usage.by_day.map((day) => day.calls), [0, 0, 6]);
      assert.equal(usage.totals.input_tokens + usage.totals.output_tokens, 3 * CALL_TOKENS);
      assert.deepEqual(usage.by_feature.map((row) => [row.feature, row.calls]), [['chat', 6]]);
      // A call counts for each group its user was in.
      const groups = Object.fromEntries(usage.by_group.map((row) => [row.group_id, [row.group_name, row.calls]]));
      assert.deepEqual(groups[group], [group.slice(1), 6]);
      assert.deepEqual(groups['/other-team'], ['other-team', 4]);
      assert.deepEqual(usage.top_users.map((row) => [row.sub, row.name, row.calls]), [[first.sub, first.name, 4], [second.sub, 'Doe, Jane', 2]]);
      assert.equal(usage.currency, null);

      const csv = await a.as(ADMIN, { method: 'GET', url: `/api/admin/usage.csv?${query}` });
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const lines = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      assert.equal(lines[0], 'day,user,name,email,feature,model,calls,input tokens,output tokens,estimated tokens,cost,transcription minutes');
      assert.equal(lines.length, 3);
      // Quoted where it must be, and a name that looks like a formula opens as text.
      assert.ok(lines.includes(`${today()},${first.sub},"'=HYPERLINK(""x"")",first@example.com,chat,scripted-model,4,800,1200,0,,0`), lines.join('\n'));
      assert.ok(lines.includes(`${today()},${second.sub},"Doe, Jane",,chat,scripted-model,2,400,600,0,,0`), lines.join('\n'));

      // Administrators only; a user's name appears nowhere else.
      const someone = newUser();
      for (const url of [`/api/admin/usage?${query}`, `/api/admin/usage.csv?${query}`, '/api/admin/budgets']) {
        assert.equal((await a.as(someone, { method: 'GET', url })).statusCode, 403, url);
      }
      assert.equal((await a.as(someone, { method: 'PUT', url: '/api/admin/budgets', payload: budgets({ default_limit: 0 }) })).statusCode, 403);
      assert.equal((await a.as(ADMIN, { method: 'GET', url: `/api/admin/usage?from=${today()}&to=${daysAgo(1)}` })).statusCode, 400);
      // The calendar's last days: the end of the period is reckoned by the database.
      const last = adminUsageResponseSchema.parse((await a.as(ADMIN, { method: 'GET', url: '/api/admin/usage?from=9999-12-30&to=9999-12-31' })).json());
      assert.deepEqual(last.by_day.map((day) => [day.day, day.calls]), [['9999-12-30', 0], ['9999-12-31', 0]]);
    });

    it('refuses a group member at the budget with budget_exhausted and resets_at; the largest group and the user override apply; the 80 % notice comes once', async () => {
      const small = `/small-${Date.now()}`;
      const big = `/big-${Date.now()}`;
      const member = newUser([small]);
      const inBoth = newUser([small, big]);
      const overridden = newUser([small]);
      const noticed = newUser();
      await setBudgets(
        budgets({
          default_limit: 5,
          groups: [
            { group_id: small, limit: 1_500 },
            { group_id: big, limit: 1_000_000 },
          ],
          users: [
            { sub: overridden.sub, limit: 3_000_000 },
            { sub: noticed.sub, limit: 100 },
          ],
        }),
      );
      const saved = budgetSettingsSchema.parse((await a.as(ADMIN, { method: 'GET', url: '/api/admin/budgets' })).json());
      assert.deepEqual(saved.groups.map((group) => group.name), [small.slice(1), big.slice(1)]);
      const audit = await handle.db.selectFrom('audit_log').select(['actor_sub', 'after']).where('action', '=', 'budget.change').orderBy('at', 'desc').executeTakeFirstOrThrow();
      assert.equal(audit.actor_sub, ADMIN.sub);

      // 1,000 of 1,500: the next call may still start (and passes 100 % by at most itself), then none.
      assert.equal((await chat(a, member)).statusCode, 200);
      assert.equal((await chat(a, member)).statusCode, 200);
      assertBudgetExhausted(await chat(a, member));
      assertBudgetExhausted(await a.as(member, { method: 'POST', url: '/api/easy-language', payload: { text: 'Ein Satz.', locale: 'de' } }));
      // Other routes are not model calls: still served.
      assert.equal((await a.as(member, { method: 'GET', url: '/api/conversations' })).statusCode, 200);
      const status = myUsageResponseSchema.parse((await a.as(member, { method: 'GET', url: '/api/usage/me' })).json()).budget!;
      assert.deepEqual([status.limit, status.source, status.used, status.percent], [1_500, 'group', 2_000, 133]);
      assert.equal(status.resets_at, nextMonthStart(new Date()).toISOString());

      for (let i = 0; i < 3; i++) assert.equal((await chat(a, inBoth)).statusCode, 200);
      assert.deepEqual(
        (({ limit, source }) => ({ limit, source }))(myUsageResponseSchema.parse((await a.as(inBoth, { method: 'GET', url: '/api/usage/me' })).json()).budget!),
        { limit: 1_000_000, source: 'group' },
      );
      for (let i = 0; i < 3; i++) assert.equal((await chat(a, overridden)).statusCode, 200);
      assert.equal(myUsageResponseSchema.parse((await a.as(overridden, { method: 'GET', url: '/api/usage/me' })).json()).budget!.source, 'user');
      // The default for everyone else.
      const outsider = newUser(['/elsewhere']);
      assert.equal((await chat(a, outsider)).statusCode, 200);
      assertBudgetExhausted(await chat(a, outsider));

      // 85 of 100: told once this month.
      assert.equal((await chat(a, noticed, 'eighty')).statusCode, 200);
      const before = myUsageResponseSchema.parse((await a.as(noticed, { method: 'GET', url: '/api/usage/me' })).json());
      assert.deepEqual([before.budget!.percent, before.notice_due], [85, true]);
      assert.equal((await a.as(noticed, { method: 'PUT', url: '/api/usage/me/notice-seen' })).statusCode, 204);
      assert.equal(myUsageResponseSchema.parse((await b.as(noticed, { method: 'GET', url: '/api/usage/me' })).json()).notice_due, false);
      await setBudgets(budgets({}));
    });

    it('keeps a cost budget by the price table', async () => {
      const user = newUser();
      await setBudgets(
        budgets({ unit: 'cost', currency: 'CHF', users: [{ sub: user.sub, limit: 0.003 }], prices: [{ model: 'scripted-model', input_per_million: 1, output_per_million: 2 }] }),
      );
      // An answer costs 400 × 1 + 600 × 2 millionths: 0.0016.
      assert.equal((await chat(a, user)).statusCode, 200);
      assert.equal((await chat(a, user)).statusCode, 200);
      assertBudgetExhausted(await chat(a, user));
      const mine = myUsageResponseSchema.parse((await a.as(user, { method: 'GET', url: '/api/usage/me' })).json());
      assert.deepEqual([mine.budget!.unit, mine.budget!.currency, mine.budget!.used.toFixed(4), mine.budget!.percent], ['cost', 'CHF', '0.0032', 106]);
      assert.equal(mine.totals.cost!.toFixed(4), '0.0032');
      const usage = adminUsageResponseSchema.parse((await a.as(ADMIN, { method: 'GET', url: `/api/admin/usage?from=${today()}&to=${today()}` })).json());
      assert.equal(usage.currency, 'CHF');
      await setBudgets(budgets({}));
    });

    it('lets ten calls started at once overspend by at most one call, on each replica', async () => {
      const user = newUser();
      const limit = 2_500;
      await setBudgets(budgets({ users: [{ sub: user.sub, limit }] }));
      // Warm: the first call of a user in a process reads their balance once.
      assert.equal((await a.as(user, { method: 'GET', url: '/api/usage/me' })).statusCode, 200);
      const answers = await Promise.all(Array.from({ length: 10 }, () => chat(a, user)));
      const served = answers.filter((answer) => answer.statusCode === 200).length;
      for (const answer of answers.filter((answer) => answer.statusCode !== 200)) assertBudgetExhausted(answer);
      assert.ok(served >= 2 && served < 10, `${served} served`);
      await a.meter.flush();
      const spent = await balanceOf(handle, user.sub);
      assert.ok(spent <= limit + CALL_TOKENS, `spent ${spent} of ${limit}`);
      assert.equal(spent, served * CALL_TOKENS);
      await setBudgets(budgets({}));
    });

    it('asks the database nothing on the hot path once the balance is cached', async () => {
      const user = newUser(['/finance']);
      await setBudgets(budgets({ default_limit: 1_000_000 }));
      const quiet = await startUsageTestApp(handle, env, { flushIntervalMs: 3_600_000 });
      try {
        assert.equal((await chat(quiet, user)).statusCode, 200);
        const cold = quiet.queries.count;
        assert.ok(cold >= 2, 'the first call read the settings and the balance');
        for (let i = 0; i < 5; i++) assert.equal((await chat(quiet, user)).statusCode, 200);
        assert.equal(quiet.queries.count, cold, 'no query for the next calls');
        await quiet.meter.flush();
        assert.ok(quiet.queries.count > cold, 'the batch is written');
        assert.equal(await balanceOf(handle, user.sub), 6 * CALL_TOKENS);
      } finally {
        await quiet.close();
      }
      await setBudgets(budgets({}));
    });

    it('shares one budget between two replicas on one database', async () => {
      const user = newUser();
      await setBudgets(budgets({ users: [{ sub: user.sub, limit: 1_500 }] }));
      assert.equal((await chat(a, user)).statusCode, 200);
      await a.meter.flush();
      // Replica b reads what a wrote: 1,000 of 1,500, one more call may start there.
      assert.equal((await chat(b, user)).statusCode, 200);
      await b.meter.flush();
      assertBudgetExhausted(await chat(b, user));
      // Replica a sees b's spending within its refresh.
      const until = Date.now() + 3_000;
      let last = await chat(a, user);
      while (last.statusCode === 200 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        last = await chat(a, user);
      }
      assertBudgetExhausted(last);
      await a.meter.flush();
      assert.ok((await balanceOf(handle, user.sub)) <= 1_500 + 2 * CALL_TOKENS);
      await setBudgets(budgets({}));
    });

    it('counts usage in Prometheus by feature, model and direction, without users', async () => {
      const user = newUser([], { sub: 'metrics-person' });
      await chat(a, user);
      const { body } = await a.metrics.scrape();
      assert.match(body, /assistant_usage_tokens_total\{feature="chat",model="scripted-model",direction="in"\} \d+/);
      assert.match(body, /assistant_usage_tokens_total\{feature="chat",model="scripted-model",direction="out"\} \d+/);
      assert.match(body, /assistant_usage_calls_total\{feature="chat",model="scripted-model"\} \d+/);
      assert.doesNotMatch(body, /metrics-person/);
    });

    it('ends a stream that runs into the budget with the error event budget_exhausted', async () => {
      // A long text is summarized in parts, a model call each, made while the answer streams.
      const user = newUser();
      await setBudgets(budgets({ users: [{ sub: user.sub, limit: 1_500 }] }));
      const text = Array.from({ length: 400 }, (_, i) => `Satz ${i} über den Haushalt der Abteilung und seine Posten.`).join(' ');
      const response = await a.as(user, { method: 'POST', url: '/api/summarize', payload: { text } });
      assert.equal(response.statusCode, 200, response.body);
      const events = response.body.trimEnd().split('\n').map((line) => JSON.parse(line) as { kind: string; code?: string });
      assert.ok(events.filter((event) => event.kind === 'progress').length >= 3, response.body);
      // Two parts fit (1,000 tokens each of 1,500); the third call is refused inside the stream.
      assert.deepEqual((({ kind, code }) => ({ kind, code }))(events.at(-1)!), { kind: 'error', code: 'budget_exhausted' });
      await a.meter.flush();
      assert.deepEqual((await usageRows(handle, user.sub)).map((row) => row.feature), ['summarize', 'summarize']);
      await setBudgets(budgets({}));

      const failure = describeStreamFailure(new BudgetExhaustedError(nextMonthStart(new Date())), 'The answer');
      assert.equal(failure.code, 'budget_exhausted');
      assert.match(failure.message, /starts again on \d{4}-\d{2}-01/);
    });
  });
}

