import { API_ERROR_CODES, apiErrorSchema, apiErrorStatusOf, type ApiErrorCode } from '@assistant/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { requireAdministrator } from '../auth/auth-hook';

/** Statuses whose body is the API error (4xx, 5xx). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 501 | 502 | 503 | 504;

/** The codes an error answer with `status` carries (the contract pairs each code with one status). */
function codesOf(status: number): ApiErrorCode[] {
  return API_ERROR_CODES.filter((code) => apiErrorStatusOf(code) === status);
}

const schemas = new Map<number, z.ZodType>();

/**
 * The API's error body (apiErrorSchema) as sent with `status`: `statusCode` that status and
 * `code` one of the codes it is sent with, so the OpenAPI document lists them per status.
 */
export function errorResponseSchema(status: number): z.ZodType {
  let schema = schemas.get(status);
  if (!schema) {
    const codes = codesOf(status);
    schema = z
      .looseObject({
        ...apiErrorSchema.def.shape,
        statusCode: z.literal(status),
        code: codes.length > 0 ? z.enum(codes as [ApiErrorCode, ...ApiErrorCode[]]) : z.string(),
      })
      .meta({ description: `${STATUS_CODES[status] ?? 'Error'}: the API error body; branch on its code` });
    schemas.set(status, schema);
  }
  return schema;
}

/** The error answers a route declares beyond the defaults, to spread into its `schema.response`. */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, z.ZodType> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema(status)]));
}

/**
 * The error answers every route can give by the way it is declared: 500 always; signed-in routes
 * 401 and 503 (the identity provider did not answer); administrators' routes (under /admin/, or
 * with requireAdministrator) 403; a route with params, query or body 400; one that takes a body
 * also 413 and 415 (Fastify's body limit and parsers); one with path params 404; one behind a
 * per-user limit 429; one that asks a model also 502 and 504 (the model failed or was too slow).
 */
export function defaultErrorStatuses(route: Pick<RouteOptions, 'method' | 'schema' | 'config' | 'onRequest'> & { url?: string }): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([500]);
  const schema = route.schema ?? {};
  const config = (route.config ?? {}) as { public?: boolean; modelLimits?: boolean; pendingJobsLimit?: boolean };
  const methods = ([] as string[]).concat(route.method);
  const takesBody = methods.some((method) => ['POST', 'PUT', 'PATCH'].includes(method)) || schema.body !== undefined;
  if (!config.public) statuses.add(401).add(503);
  const onRequest = ([] as unknown[]).concat(route.onRequest ?? []);
  if (route.url?.includes('/admin/') || onRequest.includes(requireAdministrator)) statuses.add(403);
  if (schema.params || schema.querystring || schema.body || takesBody) statuses.add(400);
  if (takesBody) statuses.add(413).add(415);
  if (schema.params) statuses.add(404);
  if (config.modelLimits || config.pendingJobsLimit) statuses.add(429);
  if (config.modelLimits) statuses.add(502).add(504);
  return [...statuses];
}

/**
 * Adds the default error answers (defaultErrorStatuses) to every route declared after it, so the
 * OpenAPI document lists them and their bodies are serialized with the contract's schema. A
 * route's own declaration of a status wins. Register before the routes.
 */
export function declareErrorResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {});
    const response = (schema.response ??= {}) as Record<string, unknown>;
    for (const status of defaultErrorStatuses(route)) response[status] ??= errorResponseSchema(status);
  });
}
