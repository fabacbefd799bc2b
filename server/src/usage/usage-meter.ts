import type { BudgetSettings, BudgetStatus, ModelPrice, UsageFeature } from '@assistant/contracts';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { Balance, readBalances, type Reservation } from './usage-balances';
import { BudgetExhaustedError } from './budget-exhausted-error';
import { BudgetSettingsRepository, costOf, effectiveBudget } from './budget-settings';
import { currentUsageContext, type UsageContext } from './usage-context';
import { monthKey, nextMonthStart } from './month';

/** What a model call is, as far as metering goes, when it starts. */
export interface MeteredCallStart {
  model: string;
  /** Characters of the prompt (messages, tool results): the estimate when the endpoint reports no usage. */
  promptCharacters: number;
  /** `max_tokens` of the call: with the prompt's estimate, what it reserves while it runs. */
  maxTokens: number;
}

/** How a metered call ended. */
export interface MeteredCallEnd {
  /** The endpoint's usage, when it reported it. */
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  /** Characters of the answer read (text, reasoning, tool arguments): the estimate without usage. */
  answerCharacters: number;
  /** A transcription: seconds of audio (counted at the configured tokens per minute). */
  audioSeconds?: number | undefined;
  /** The call failed; with neither usage nor any answer it is not recorded (the model did no work we know of). */
  failed?: boolean;
}

export interface MeteredCall {
  end(outcome: MeteredCallEnd): void;
}

/** What ModelProvider (and the transcription client) ask of the meter around each call. */
export interface ModelCallMeter {
  /**
   * Checks the budget of the user of the work running now (usage-context.ts) and reserves the
   * call's most; throws BudgetExhaustedError at 100 %. Undefined outside a user's work. Needs no
   * database once the user's balance is cached.
   */
  begin(call: MeteredCallStart): Promise<MeteredCall | undefined>;
}

/** Usage counters for Prometheus (telemetry/metrics.ts): never a user. */
export interface UsageMetrics {
  usageRecorded(recorded: { feature: UsageFeature; model: string; inputTokens: number; outputTokens: number }): void;
}

export interface UsageMeterOptions {
  db: Database;
  /** A user's groups for work outside a request (DirectoryRepository.groupsOf). */
  groupsOf: (sub: string) => Promise<readonly string[]>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  metrics?: UsageMetrics | undefined;
  /** How often recorded calls are written and active balances read again; default 2 s. */
  flushIntervalMs?: number;
  /** Recorded calls that start a write at once; default 200. */
  maxBuffered?: number;
  /** How old a cached balance (and the settings) may get before the background reads it again; default 2 s. */
  refreshAfterMs?: number;
  now?: () => Date;
}

/** One row of usage_events, waiting to be written. */
interface PendingEvent {
  at: Date;
  user_sub: string;
  groups: string;
  feature: UsageFeature;
  model: string;
  input_tokens: number;
  output_tokens: number;
  estimated_tokens: number;
  cost: number | null;
  audio_seconds: number | null;
  month: string;
}

/** A balance nobody used for this long is forgotten (read again on the next call). */
const IDLE_MS = 10 * 60_000;
/** Most events kept while the database refuses them; older ones are dropped (and logged). */
const MAX_KEPT_EVENTS = 50_000;

/** Tokens of `characters` of text when the endpoint says none: about four characters a token. */
export function estimateTokens(characters: number): number {
  return Math.ceil(characters / 4);
}

/**
 * Records every model call of a user and keeps their monthly budget (docs/operations.md "Usage
 * and budgets"). The hot path never waits for the database once a user's balance is cached:
 *
 * - A call checks the cached balance (the database's total as last seen, plus what this process
 *   recorded since, plus the reservations of its calls running now) against the budget and, in the
 *   same synchronous step, reserves its estimated input plus `max_tokens`. So of ten calls started
 *   at once, only those that fit before 100 % run, and the last admitted may pass it by at most
 *   its own size: per process; each replica may add one call.
 * - Recorded calls wait in a buffer, written every `flushIntervalMs` (or at `maxBuffered`) in one
 *   transaction: the events, and the balances added to atomically (`tokens = tokens + excluded`),
 *   whose new totals come back and settle the cache.
 * - The same tick reads the balances of users active in this process again, so what other
 *   replicas spent is seen within seconds, and the budget settings.
 */
export class UsageMeter implements ModelCallMeter {
  private readonly settingsRepository: BudgetSettingsRepository;
  private settings: BudgetSettings | undefined;
  private prices = new Map<string, ModelPrice>();
  private settingsReadAt = 0;
  private settingsLoading: Promise<BudgetSettings> | undefined;
  private readonly balances = new Map<string, Balance>();
  private readonly loading = new Map<string, Promise<Balance>>();
  private buffer: PendingEvent[] = [];
  /** The meter's writes and background reads, one after another (a read never undoes a write's total). */
  private queue: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private readonly flushIntervalMs: number;
  private readonly maxBuffered: number;
  private readonly refreshAfterMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: UsageMeterOptions) {
    this.settingsRepository = new BudgetSettingsRepository(options.db);
    this.flushIntervalMs = options.flushIntervalMs ?? 2_000;
    this.maxBuffered = options.maxBuffered ?? 200;
    this.refreshAfterMs = options.refreshAfterMs ?? 2_000;
    this.now = options.now ?? (() => new Date());
    this.timer = setInterval(() => void this.tick(), this.flushIntervalMs);
    this.timer.unref();
  }

  async begin(call: MeteredCallStart): Promise<MeteredCall | undefined> {
    const context = currentUsageContext();
    if (!context) return undefined;
    // A copy: the route may name another feature for later calls (setUsageFeature).
    const who: UsageContext = { sub: context.sub, groups: context.groups, feature: context.feature };
    const settings = this.settings ?? (await this.loadSettings());
    const balance = this.cachedBalance(who.sub) ?? (await this.loadBalance(who.sub));
    // From here to the reservation nothing awaits: concurrent calls see each other's reservations.
    const refusal = this.refusalOf(settings, balance, who);
    if (refusal) throw refusal;
    const inputEstimate = estimateTokens(call.promptCharacters);
    const reservation: Reservation = {
      tokens: inputEstimate + call.maxTokens,
      cost: costOf(this.prices, call.model, inputEstimate, call.maxTokens) ?? 0,
      takenAt: performance.now(),
    };
    balance.reservations.add(reservation);
    balance.usedAt = performance.now();
    let ended = false;
    return {
      end: (outcome) => {
        if (ended) return;
        ended = true;
        balance.reservations.delete(reservation);
        this.record(who, call, outcome, this.settings ?? settings);
      },
    };
  }

  /**
   * The refusal for a user's next model call, or undefined: what a model-backed route checks when
   * a request arrives, before its body is read. No database once the user's balance is cached.
   */
  async refusal(sub: string, groups: readonly string[]): Promise<BudgetExhaustedError | undefined> {
    const settings = this.settings ?? (await this.loadSettings());
    const balance = this.cachedBalance(sub) ?? (await this.loadBalance(sub));
    balance.usedAt = performance.now();
    return this.refusalOf(settings, balance, { sub, groups });
  }

  /** A user's budget this month, from the database's totals (after this process's calls are written); null: none applies. */
  async status(sub: string, groups: readonly string[]): Promise<{ budget: BudgetStatus | null; noticeSeen: boolean }> {
    await this.flush();
    const settings = await this.loadSettings();
    const balance = this.cachedBalance(sub) ?? (await this.loadBalance(sub));
    const [row] = await readBalances(this.options.db, balance.month, [sub]);
    balance.settle(row);
    const budget = effectiveBudget(settings, sub, groups);
    if (!budget) return { budget: null, noticeSeen: balance.noticeSeen };
    const used = balance.used(settings.unit);
    return {
      noticeSeen: balance.noticeSeen,
      budget: {
        unit: settings.unit,
        currency: settings.unit === 'cost' ? settings.currency : null,
        limit: budget.limit,
        used,
        percent: budget.limit > 0 ? Math.floor((used / budget.limit) * 100) : 100,
        source: budget.source,
        resets_at: nextMonthStart(this.now()).toISOString(),
      },
    };
  }

  /** The user was told they passed the warning share this month. */
  async noticeSeen(sub: string): Promise<void> {
    const month = monthKey(this.now());
    await this.options.db
      .insertInto('usage_balances')
      .values({ user_sub: sub, month, tokens: 0, cost: 0, notice_seen_at: this.now() })
      .onConflict((oc) => oc.columns(['user_sub', 'month']).doUpdateSet({ notice_seen_at: this.now() }))
      .execute();
    const balance = this.balances.get(sub);
    if (balance?.month === month) balance.noticeSeen = true;
  }

  /** The settings as saved. */
  async currentSettings(): Promise<BudgetSettings> {
    return this.loadSettings();
  }

  /** Puts newly saved settings in force in this process at once (the others read them within seconds). */
  updated(settings: BudgetSettings): void {
    this.useSettings(settings);
  }

  /** A user's groups for work outside a request (the directory's, as of their last sign-in). */
  async groupsOf(sub: string): Promise<readonly string[]> {
    return this.options.groupsOf(sub);
  }

  /** Writes what was recorded (also what is recorded while it writes, before it resolves). */
  flush(): Promise<void> {
    return this.exclusive(() => this.write());
  }

  /** Writes what is left and stops the background work (the app's onClose; idempotent). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private refusalOf(settings: BudgetSettings, balance: Balance, who: Pick<UsageContext, 'sub' | 'groups'>): BudgetExhaustedError | undefined {
    const budget = effectiveBudget(settings, who.sub, who.groups);
    if (!budget) return undefined;
    if (balance.used(settings.unit) + balance.reserved(settings.unit) < budget.limit) return undefined;
    return new BudgetExhaustedError(nextMonthStart(this.now()));
  }

  private record(who: UsageContext, call: MeteredCallStart, outcome: MeteredCallEnd, settings: BudgetSettings): void {
    let input: number;
    let output: number;
    let estimated = 0;
    if (outcome.audioSeconds !== undefined) {
      input = Math.ceil((outcome.audioSeconds / 60) * settings.transcription_tokens_per_minute);
      output = 0;
    } else {
      if (outcome.failed && outcome.inputTokens === undefined && outcome.outputTokens === undefined && outcome.answerCharacters === 0) return;
      input = outcome.inputTokens ?? estimateTokens(call.promptCharacters);
      output = outcome.outputTokens ?? estimateTokens(outcome.answerCharacters);
      if (outcome.inputTokens === undefined) estimated += input;
      if (outcome.outputTokens === undefined) estimated += output;
    }
    const cost = costOf(this.prices, call.model, input, output);
    const at = this.now();
    const month = monthKey(at);
    this.buffer.push({
      at,
      month,
      user_sub: who.sub,
      groups: JSON.stringify(who.groups),
      feature: who.feature,
      model: call.model,
      input_tokens: input,
      output_tokens: output,
      estimated_tokens: estimated,
      cost: cost ?? null,
      audio_seconds: outcome.audioSeconds ?? null,
    });
    const balance = this.balances.get(who.sub);
    if (balance?.month === month) {
      balance.unflushedTokens += input + output;
      balance.unflushedCost += cost ?? 0;
    }
    this.options.metrics?.usageRecorded({ feature: who.feature, model: call.model, inputTokens: input, outputTokens: output });
    if (this.buffer.length >= this.maxBuffered) void this.flush();
  }

  private cachedBalance(sub: string): Balance | undefined {
    const balance = this.balances.get(sub);
    return balance?.month === monthKey(this.now()) ? balance : undefined;
  }

  /** A cold cache: one read of the user's row (shared by the calls that wait for it). */
  private loadBalance(sub: string): Promise<Balance> {
    const month = monthKey(this.now());
    const key = `${sub}\n${month}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = readBalances(this.options.db, month, [sub])
        .then(([row]) => {
          const cached = this.cachedBalance(sub);
          if (cached) return cached;
          const balance = new Balance(sub, month);
          balance.settle(row);
          this.balances.set(sub, balance);
          return balance;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    return loading;
  }

  private loadSettings(): Promise<BudgetSettings> {
    this.settingsLoading ??= this.settingsRepository
      .read()
      .then((settings) => {
        this.useSettings(settings);
        return settings;
      })
      .finally(() => {
        this.settingsLoading = undefined;
      });
    return this.settingsLoading;
  }

  private useSettings(settings: BudgetSettings): void {
    this.settings = settings;
    this.prices = new Map(settings.prices.map((price) => [price.model, price]));
    this.settingsReadAt = performance.now();
  }

  private exclusive(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  private async tick(): Promise<void> {
    await this.exclusive(async () => {
      await this.write();
      await this.refresh();
    }).catch((error: unknown) => this.options.log.warn({ err: error }, 'usage: the background write or read failed; trying again'));
  }

  /** The buffered events and the balances' additions, in one transaction; the new totals settle the cache. */
  private async write(): Promise<void> {
    if (this.buffer.length === 0) return;
    const events = this.buffer;
    this.buffer = [];
    const totals = new Map<string, { user_sub: string; month: string; tokens: number; cost: number }>();
    for (const event of events) {
      const key = `${event.user_sub}\n${event.month}`;
      const total = totals.get(key) ?? { user_sub: event.user_sub, month: event.month, tokens: 0, cost: 0 };
      total.tokens += event.input_tokens + event.output_tokens;
      total.cost += event.cost ?? 0;
      totals.set(key, total);
    }
    // One order for every replica: two batches touching the same users never wait on each other in a circle.
    const additions = [...totals.values()].sort((a, b) => (a.user_sub < b.user_sub ? -1 : a.user_sub > b.user_sub ? 1 : a.month.localeCompare(b.month)));
    let rows: Array<{ user_sub: string; month: string; tokens: string | number; cost: string | number; notice_seen_at: Date | null }>;
    try {
      rows = await this.options.db.transaction().execute(async (trx) => {
        for (let i = 0; i < events.length; i += 500) {
          await trx
            .insertInto('usage_events')
            .values(events.slice(i, i + 500).map(({ month: _month, ...event }) => event))
            .execute();
        }
        return trx
          .insertInto('usage_balances')
          .values(additions)
          .onConflict((oc) =>
            oc.columns(['user_sub', 'month']).doUpdateSet({
              tokens: sql`usage_balances.tokens + excluded.tokens`,
              cost: sql`usage_balances.cost + excluded.cost`,
            }),
          )
          .returning(['user_sub', sql<string>`to_char(month, 'YYYY-MM-DD')`.as('month'), 'tokens', 'cost', 'notice_seen_at'])
          .execute();
      });
    } catch (error) {
      // Kept for the next write: usage is never lost to a database that is briefly away.
      this.buffer = [...events, ...this.buffer];
      if (this.buffer.length > MAX_KEPT_EVENTS) {
        const dropped = this.buffer.length - MAX_KEPT_EVENTS;
        this.buffer = this.buffer.slice(dropped);
        this.options.log.error({ dropped }, 'usage: the database took no usage for too long; the oldest records were dropped');
      }
      throw error;
    }
    for (const row of rows) {
      const balance = this.balances.get(row.user_sub);
      const added = totals.get(`${row.user_sub}\n${row.month}`);
      if (!balance || balance.month !== row.month || !added) continue;
      balance.unflushedTokens = Math.max(0, balance.unflushedTokens - added.tokens);
      balance.unflushedCost = Math.max(0, balance.unflushedCost - added.cost);
      balance.settle(row);
    }
  }

  /**
   * Reads again the balances of users active here (other replicas' spending) and the settings,
   * when older than `refreshAfterMs`. A process without active users asks nothing: it forgets the
   * settings, and the next call reads them once.
   */
  private async refresh(): Promise<void> {
    const now = performance.now();
    const month = monthKey(this.now());
    const stale: Balance[] = [];
    for (const [sub, balance] of this.balances) {
      const idle = now - balance.usedAt > IDLE_MS && balance.reservations.size === 0 && balance.unflushedTokens === 0;
      if (balance.month !== month || idle) this.balances.delete(sub);
      else if (now - balance.refreshedAt >= this.refreshAfterMs) stale.push(balance);
    }
    if (this.balances.size === 0) {
      this.settings = undefined;
      return;
    }
    if (now - this.settingsReadAt >= this.refreshAfterMs) this.useSettings(await this.settingsRepository.read());
    for (let i = 0; i < stale.length; i += 500) {
      const part = stale.slice(i, i + 500);
      const rows = new Map((await readBalances(this.options.db, month, part.map((balance) => balance.sub))).map((row) => [row.user_sub, row]));
      for (const balance of part) balance.settle(rows.get(balance.sub));
    }
  }
}
