import {
  PROMPT_ERRORS,
  createPromptRequestSchema,
  promptIdParamsSchema,
  promptListResponseSchema,
  promptSchema,
  promptVariables,
  updatePromptRequestSchema,
  type ItemSharing,
  type Prompt,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Viewer } from '../auth/principal';
import { noContentResponse } from '../http/declared-responses';
import { errorResponses } from '../http/error-responses';
import { sendRefusal } from '../http/send-error';
import type { PromptRecord, PromptsRepository } from '../prompts/prompts-repository';
import type { SharingLookup } from '../sharing/shareable-kind';

export interface PromptServices {
  prompts: PromptsRepository;
  /** How listed prompts reach the viewer (SharesRepository.sharingOf). */
  sharingOf: SharingLookup;
}

/**
 * The prompt library (docs/prompts.md; contract prompts.ts). Who may do what is the access rule's
 * (sharing/access-rule.ts promptRule), asked in the repository's SQL:
 *
 * - GET /prompts: the user's own prompts and those shared with them, each with its `sharing`.
 * - POST /prompts (201): a new prompt of the user's.
 * - GET /prompts/{id}: one they may read; PUT /prompts/{id}: owner and editors (403 for a reader);
 *   DELETE /prompts/{id} (204): the owner alone (403 for a reader or an editor).
 *
 * A prompt the user may not read is a 404 everywhere, like a missing one; administrators have no
 * special rights over others' prompts.
 */
export const promptRoutes: FastifyPluginAsyncZod<PromptServices> = async (app, { prompts, sharingOf }) => {
  /** The prompts as the API answers them to this viewer, with how each reaches them. */
  async function answer(records: readonly PromptRecord[], viewer: Viewer): Promise<Prompt[]> {
    const sharing = await sharingOf(
      'prompt',
      records.map((record) => ({ id: record.id, ownerSub: record.ownerId })),
      viewer,
    );
    return records.map((record) => toPrompt(record, sharing.get(record.id) ?? ownSharing(record, viewer)));
  }
  const answerOne = async (record: PromptRecord, viewer: Viewer): Promise<Prompt> => (await answer([record], viewer))[0]!;

  app.get('/prompts', { schema: { response: { 200: promptListResponseSchema } } }, async (request) => {
    return { prompts: await answer(await prompts.listReadable(request.viewer), request.viewer) };
  });

  app.post('/prompts', { schema: { body: createPromptRequestSchema, response: { 201: promptSchema, ...errorResponses(409) } } }, async (request, reply) => {
    const created = await prompts.create(request.viewer.sub, request.body);
    if (created === 'tooManyPrompts') return sendRefusal(reply, PROMPT_ERRORS.tooManyPrompts);
    request.log.info({ promptId: created.id }, 'prompt created');
    return reply.code(201).send(await answerOne(created, request.viewer));
  });

  app.get('/prompts/:id', { schema: { params: promptIdParamsSchema, response: { 200: promptSchema } } }, async (request, reply) => {
    const found = await prompts.findReadable(request.params.id, request.viewer);
    if (!found) return sendRefusal(reply, PROMPT_ERRORS.notFound);
    return answerOne(found, request.viewer);
  });

  app.put(
    '/prompts/:id',
    { schema: { params: promptIdParamsSchema, body: updatePromptRequestSchema, response: { 200: promptSchema, ...errorResponses(403) } } },
    async (request, reply) => {
      const updated = await prompts.update(request.params.id, request.body, request.viewer);
      if (updated === undefined) return sendRefusal(reply, PROMPT_ERRORS.notFound);
      if (updated === 'readOnly') return sendRefusal(reply, PROMPT_ERRORS.readOnly);
      request.log.info({ promptId: updated.id }, 'prompt saved');
      return answerOne(updated, request.viewer);
    },
  );

  app.delete('/prompts/:id', { schema: { params: promptIdParamsSchema, response: { ...noContentResponse, ...errorResponses(403) } } }, async (request, reply) => {
    const deleted = await prompts.delete(request.params.id, request.viewer);
    if (deleted === false) return sendRefusal(reply, PROMPT_ERRORS.notFound);
    if (deleted === 'ownerOnly') return sendRefusal(reply, PROMPT_ERRORS.ownerOnly);
    request.log.info({ promptId: request.params.id }, 'prompt deleted');
    return reply.code(204).send();
  });
};

/** A prompt the lookup did not answer for: the viewer's own, shared with nobody. */
function ownSharing(record: PromptRecord, viewer: Viewer): ItemSharing {
  return { access: record.ownerId === viewer.sub ? 'owner' : 'view', shared_by: null, shared_with: [] };
}

function toPrompt(record: PromptRecord, sharing: ItemSharing): Prompt {
  return {
    id: record.id,
    title: record.title,
    text: record.text,
    variables: promptVariables(record.text),
    sharing,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}
