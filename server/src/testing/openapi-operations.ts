import fc from 'fast-check';
import { arbitraryOf, type ArbitraryOptions, type JsonSchema } from './json-schema-arbitrary';

/** The parts of an OpenAPI 3.1 document the fuzz reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
interface OpenApiOperation {
  tags?: string[];
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

/** One method of one path, with what a request to it may carry and what it may answer. */
export interface Operation {
  /** `POST /api/agents/{id}/duplicate` */
  name: string;
  method: string;
  /** The OpenAPI path (`/api/agents/{id}`). */
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  /** The body's media type and schema, when it takes one. */
  body: { type: string; schema: JsonSchema } | undefined;
  isPublic: boolean;
  /** Status -> media type -> schema (no media type: an answer without a body). */
  responses: Map<number, Map<string, JsonSchema>>;
}

/** A request as generated: path values, query values and body, before it is encoded. */
export interface GeneratedRequest {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Every operation of the document, in the document's order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content;
      const bodyType = content && Object.keys(content)[0];
      const responses = new Map<number, Map<string, JsonSchema>>();
      for (const [status, response] of Object.entries(operation.responses)) {
        responses.set(Number(status), new Map(Object.entries(response.content ?? {}).map(([type, { schema }]) => [type, schema])));
      }
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: bodyType ? { type: bodyType, schema: content[bodyType]!.schema } : undefined,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        responses,
      });
    }
  }
  return operations;
}

/**
 * Requests to `operation`: mostly what its schemas accept (path values mixed with `knownIds`), and
 * now and then a body or a path value they do not, which must be refused with a 4xx.
 */
export function requestsOf(operation: Operation, options: ArbitraryOptions): fc.Arbitrary<GeneratedRequest> {
  const ids = options.knownIds ?? [];
  const path: Record<string, fc.Arbitrary<string>> = {};
  for (const param of operation.pathParams) {
    const valid = arbitraryOf(param.schema, options, param.schema, param.name).map(String);
    path[param.name] = fc.oneof(
      { weight: 6, arbitrary: valid },
      { weight: ids.length > 0 ? 3 : 0, arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : valid },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 24 }) },
    );
  }
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  for (const param of operation.queryParams) query[param.name] = arbitraryOf(param.schema, options, param.schema, param.name);
  const required = operation.queryParams.filter((p) => p.required).map((p) => p.name);
  let body: fc.Arbitrary<unknown> = fc.constant(undefined);
  if (operation.body) {
    const valid = arbitraryOf(operation.body.schema, options);
    body = operation.body.type === 'application/json' ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }) : valid;
  }
  return fc.record({ path: fc.record(path), query: fc.record(query, { requiredKeys: required }), body });
}

/** Surrogates without their partner: a URL cannot carry them (URLSearchParams makes them U+FFFD too). */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The URL of a generated request (path values encoded, query values as strings). */
export function urlOf(operation: Operation, request: GeneratedRequest): string {
  const encode = (value: string) => encodeURIComponent(value.replace(LONE_SURROGATES, '\ufffd'));
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(request.path[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A multipart/form-data body: binary fields (format binary) as small files, the others as text fields. */
export function multipartOf(schema: JsonSchema, values: Record<string, unknown>): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined) continue;
    const field = schema.properties?.[name];
    const isFile = field?.format === 'binary' || field?.contentMediaType !== undefined || (field?.type === 'array' && typeof field.items === 'object' && field.items.format === 'binary');
    for (const item of Array.isArray(value) && isFile ? value : [value]) {
      const head = isFile
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="fuzz.txt"\r\nContent-Type: text/plain\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;
      parts.push(Buffer.from(head), Buffer.from(typeof item === 'string' ? item : JSON.stringify(item)), Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
