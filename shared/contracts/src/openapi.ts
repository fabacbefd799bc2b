import { z } from 'zod';

/**
 * A JSON Schema as the OpenAPI 3.1 document holds it (draft 2020-12): read by the developer page,
 * which shows what it knows (type, properties, items, enum, bounds) and ignores the rest.
 */
export type OpenApiSchema = {
  type?: string | string[];
  description?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: OpenApiSchema | boolean;
  items?: OpenApiSchema | boolean;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  $ref?: string;
  [keyword: string]: unknown;
};
const jsonSchema = z.custom<OpenApiSchema>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'Must be a JSON Schema object');

const mediaSchema = z.looseObject({ schema: jsonSchema.optional() });

export const openApiParameterSchema = z.looseObject({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: jsonSchema.optional(),
});
export type OpenApiParameter = z.infer<typeof openApiParameterSchema>;

export const openApiOperationSchema = z.looseObject({
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  /** `[]`: no sign-in needed. */
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z.array(openApiParameterSchema).optional(),
  requestBody: z.looseObject({ required: z.boolean().optional(), content: z.record(z.string(), mediaSchema) }).optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string().optional(), content: z.record(z.string(), mediaSchema).optional() })),
});
export type OpenApiOperation = z.infer<typeof openApiOperationSchema>;

/** The HTTP methods an OpenAPI path item may hold, in the order the developer page lists them. */
export const OPENAPI_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type OpenApiMethod = (typeof OPENAPI_METHODS)[number];

/** GET /api/openapi.json: the API's OpenAPI 3.1 document (docs/api.md), as far as its readers need it. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.looseObject(Object.fromEntries(OPENAPI_METHODS.map((method) => [method, openApiOperationSchema.optional()])) as Record<OpenApiMethod, z.ZodOptional<typeof openApiOperationSchema>>)),
  components: z.looseObject({ schemas: z.record(z.string(), jsonSchema).optional() }).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
