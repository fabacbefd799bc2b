import { retentionPolicySchema, retentionRunSchema, retentionRunsResponseSchema, type RetentionPolicy } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdministrator } from '../auth/auth-hook';
import type { RetentionPolicyRepository } from '../retention/retention-policy';
import type { RetentionRuns } from '../retention/retention-runs';
import type { DirectoryRepository } from '../sharing/directory-repository';
import { nameFromGroupId } from '../sharing/group-names';

export interface AdminRetentionServices {
  policies: RetentionPolicyRepository;
  runs: RetentionRuns;
  directory: DirectoryRepository;
  /** Wakes the retention runner after a run was asked for (main.ts passes its nudge). */
  nudge: () => void;
}

/**
 * Retention for administrators (contract retention.ts, docs/operations.md "Retention"; 403 for
 * everyone else): GET and PUT /admin/retention, the policy (a change recorded in the audit log);
 * GET /admin/retention/runs, the latest runs with what each deleted; POST starts one now (202),
 * or answers the one under way.
 */
export const adminRetentionRoutes: FastifyPluginAsyncZod<AdminRetentionServices> = async (app, { policies, runs, directory, nudge }) => {
  app.addHook('onRequest', requireAdministrator);

  /** The policy with its groups' shown names (the directory's; a group never seen by its id). */
  const named = async (policy: RetentionPolicy): Promise<RetentionPolicy> => {
    if (policy.groups.length === 0) return policy;
    const names = new Map((await directory.adminGroups()).map((group) => [group.id, group.name]));
    return { ...policy, groups: policy.groups.map((group) => ({ ...group, name: names.get(group.group_id) ?? nameFromGroupId(group.group_id) })) };
  };

  app.get('/admin/retention', { schema: { response: { 200: retentionPolicySchema } } }, async () => named(await policies.read()));

  app.put('/admin/retention', { schema: { body: retentionPolicySchema, response: { 200: retentionPolicySchema } } }, async (request) => {
    const policy = await policies.write(request.body, request.viewer.sub);
    request.log.info({ by: request.viewer.sub }, 'retention policy changed');
    return named(policy);
  });

  app.get('/admin/retention/runs', { schema: { response: { 200: retentionRunsResponseSchema } } }, async () => ({ runs: await runs.list() }));

  app.post('/admin/retention/runs', { schema: { response: { 202: retentionRunSchema } } }, async (request, reply) => {
    const { run, created } = await runs.start(request.viewer.sub);
    if (created) nudge();
    request.log.info({ by: request.viewer.sub, runId: run.id, created }, 'retention run asked for');
    return reply.code(202).send(run);
  });
};
