import type { UsageFeature } from '@assistant/contracts';
import type { JobHandler } from '../jobs/job-runner';
import { runWithUsage } from './usage-context';
import type { UsageMeter } from './usage-meter';

/**
 * The same handlers, each running as its job's owner under `feature`: the model calls of a deep
 * research run or a source computation count for the user who asked, with their groups as the
 * directory knows them. A job without an owner runs unmetered.
 */
export function meteredJobHandlers(meter: UsageMeter | undefined, feature: UsageFeature, handlers: Record<string, JobHandler>): Record<string, JobHandler> {
  if (!meter) return handlers;
  return Object.fromEntries(
    Object.entries(handlers).map(([kind, handler]) => [
      kind,
      {
        ...handler,
        async run(job) {
          if (!job.owner) return handler.run(job);
          const groups = await meter.groupsOf(job.owner);
          return runWithUsage({ sub: job.owner, groups, feature }, () => handler.run(job));
        },
      } satisfies JobHandler,
    ]),
  );
}
