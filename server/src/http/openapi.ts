import swagger from '@fastify/swagger';
import { APP_NAME, APP_VERSION } from '@assistant/contracts';
import type { FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The fields of a multipart/form-data body the handler reads as a stream (an upload), for the
     * OpenAPI document only: a route schema's `body` would be validated before the stream is read.
     * The file fields are `z.file()` (binary in the document).
     */
    multipartForm?: z.ZodObject;
  }
}

/** Where the document is served (routes/openapi.ts), relative to the API's prefix. */
export const OPENAPI_PATH = '/openapi.json';

type Transformed = { schema: Record<string, unknown> & { hide?: boolean }; url: string };

/**
 * Collects every route declared after it into an OpenAPI 3.1 document (`app.swagger()`), its
 * schemas converted from the routes' zod schemas by the type provider's transform, so what is
 * validated and serialized is what is documented. Each operation is tagged with its first path
 * segment under /api; public routes need no token. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance) {
  // A stream's schema (a stored file's bytes) has no JSON Schema of its own: its metadata says binary.
  const zodTransform = createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description: 'Every route of the reference server, generated from the shared zod contracts. Errors carry the API error body with a stable `code` (docs/api.md).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const { schema, url } = zodTransform(input) as Transformed;
      if (!schema || schema.hide) return { schema, url };
      const config = (input.route.config ?? {}) as { public?: boolean; multipartForm?: z.ZodObject };
      const tagged: Record<string, unknown> = { ...schema, tags: schema.tags ?? [tagOf(url)] };
      // An answer's description is its status's name ("Created", "No Content"), not "Default Response".
      // (@fastify/swagger's own key for it: the schema's `description` would also describe the body.)
      const responses = (schema.response ?? {}) as Record<string, Record<string, unknown>>;
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === undefined) response['x-response-description'] = STATUS_CODES[Number(status)];
      }
      if (config.public) tagged.security = [];
      if (config.multipartForm) {
        tagged.body = z.toJSONSchema(config.multipartForm, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
        tagged.consumes = ['multipart/form-data'];
      }
      return { schema: tagged, url };
    },
  });
}

/** The group of an operation: its first path segment under /api (`/api/collections/:id` -> collections). */
export function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const first = segments[0] === 'api' ? segments[1] : segments[0];
  return first?.replace(/^:/, '') || 'api';
}
