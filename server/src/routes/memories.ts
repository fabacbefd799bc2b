import {
  MEMORY_ERRORS,
  deletedMemoriesResponseSchema,
  memoryIdParamsSchema,
  memoryListResponseSchema,
  memorySchema,
  memorySettingsSchema,
  memoryWriteSchema,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { noContentResponse } from '../http/declared-responses';
import { errorResponses } from '../http/error-responses';
import { sendRefusal } from '../http/send-error';
import type { MemoriesRepository } from '../memory/memories-repository';

export interface MemoryServices {
  memories: MemoriesRepository;
  /** The flag `enableMemory`, read on every call so every replica agrees right after a change. */
  settings: SettingsRepository;
}

/**
 * A user's memory (docs/memory.md; contract memory.ts): list, add, edit, delete one or all, and
 * whether it is used for them. Every call is scoped to the signed-in user: another user's memory
 * is a 404 like a missing one, administrators included. With the flag `enableMemory` off the
 * company has no memory: reading, adding, editing and the switch answer 403; deleting stays
 * allowed, so whatever is stored can always be removed.
 */
export const memoryRoutes: FastifyPluginAsyncZod<MemoryServices> = async (app, { memories, settings }) => {
  // No flags stored yet: off, like every flag that is not set.
  const enabled = () => settings.readOne('feature_flags').then((flags) => flags.enableMemory === true, () => false);

  app.get('/memories', { schema: { response: { 200: memoryListResponseSchema, ...errorResponses(403) } } }, async (request, reply) => {
    const owner = request.viewer.sub;
    if (!(await enabled())) return sendRefusal(reply, MEMORY_ERRORS.off);
    const [list, useMemory] = await Promise.all([memories.list(owner), memories.usesMemory(owner)]);
    return { memories: list, use_memory: useMemory };
  });

  app.post('/memories', { schema: { body: memoryWriteSchema, response: { 201: memorySchema, ...errorResponses(403, 409) } } }, async (request, reply) => {
    if (!(await enabled())) return sendRefusal(reply, MEMORY_ERRORS.off);
    const added = await memories.add(request.viewer.sub, request.body.text, 'settings');
    if (typeof added === 'string') return sendRefusal(reply, MEMORY_ERRORS[added]);
    request.log.info({ memoryId: added.id }, 'memory added');
    return reply.code(201).send(added);
  });

  app.patch(
    '/memories/:id',
    { schema: { params: memoryIdParamsSchema, body: memoryWriteSchema, response: { 200: memorySchema, ...errorResponses(403, 409) } } },
    async (request, reply) => {
      if (!(await enabled())) return sendRefusal(reply, MEMORY_ERRORS.off);
      const updated = await memories.update(request.viewer.sub, request.params.id, request.body.text);
      if (updated === undefined) return sendRefusal(reply, MEMORY_ERRORS.notFound);
      if (updated === 'duplicate') return sendRefusal(reply, MEMORY_ERRORS.duplicate);
      return updated;
    },
  );

  app.delete('/memories/:id', { schema: { params: memoryIdParamsSchema, response: noContentResponse } }, async (request, reply) => {
    if (!(await memories.delete(request.viewer.sub, request.params.id))) return sendRefusal(reply, MEMORY_ERRORS.notFound);
    request.log.info({ memoryId: request.params.id }, 'memory deleted');
    return reply.code(204).send();
  });

  app.delete('/memories', { schema: { response: { 200: deletedMemoriesResponseSchema } } }, async (request) => {
    const deleted = await memories.deleteAll(request.viewer.sub);
    request.log.info({ deleted }, 'all memories deleted');
    return { deleted };
  });

  app.put('/memories/settings', { schema: { body: memorySettingsSchema, response: { 200: memorySettingsSchema, ...errorResponses(403) } } }, async (request, reply) => {
    if (!(await enabled())) return sendRefusal(reply, MEMORY_ERRORS.off);
    await memories.setUseMemory(request.viewer.sub, request.body.use_memory);
    return { use_memory: request.body.use_memory };
  });
};
