import { AsyncLocalStorage } from 'node:async_hooks';
import type { UsageFeature } from '@assistant/contracts';

/**
 * Who a model call is made for and what for: set around each request of a model-backed route
 * (usage-routes.ts) and each job that calls models for a user (metered-job-handlers.ts), read by
 * the usage meter when ModelProvider starts a call. Carried by AsyncLocalStorage so the many
 * callers of the provider (chat, tools, translation, research, ...) need not pass it along.
 */
export interface UsageContext {
  sub: string;
  /** The user's group ids (the token's, or the directory's for a job). */
  groups: readonly string[];
  feature: UsageFeature;
}

const storage = new AsyncLocalStorage<UsageContext>();

/** The context of the work running now; undefined outside any user's work (nothing is metered). */
export function currentUsageContext(): UsageContext | undefined {
  return storage.getStore();
}

/** Runs `work` (and everything it starts) as `context`'s. */
export function runWithUsage<T>(context: UsageContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * Runs `work` with the same user under another feature (a conversation with an agent is `agents`,
 * a tool's round of the tool loop `tools`). Outside a context, `work` just runs.
 */
export function withUsageFeature<T>(feature: UsageFeature, work: () => T): T {
  const current = storage.getStore();
  return current && current.feature !== feature ? storage.run({ ...current, feature }, work) : work();
}

/**
 * Names the feature of the rest of the current request once the route knows it (a conversation
 * turns out to be with an agent). Each request's context is its own, so no other work changes.
 */
export function setUsageFeature(feature: UsageFeature): void {
  const current = storage.getStore();
  if (current) current.feature = feature;
}
