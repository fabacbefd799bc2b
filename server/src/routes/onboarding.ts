import { onboardingStateSchema, onboardingUpdateSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OnboardingRepository } from '../db/repositories/onboarding-repository';

/**
 * The signed-in user's guided start (contract onboarding.ts, docs/get-started.md): GET
 * /me/onboarding says whether they have finished or skipped it, PUT /me/onboarding records that
 * they did (400 for another status, a step out of range or an unknown key). Always the caller's
 * own row: no route names another user.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingRepository }> = async (app, { onboarding }) => {
  app.get('/me/onboarding', { schema: { response: { 200: onboardingStateSchema } } }, (request) => onboarding.read(request.principal.sub));
  app.put('/me/onboarding', { schema: { body: onboardingUpdateSchema, response: { 200: onboardingStateSchema } } }, (request) =>
    onboarding.write(request.principal.sub, request.body),
  );
};
