import { OPENAPI_METHODS, type OpenApiDocument, type OpenApiMethod, type OpenApiOperation, type OpenApiSchema } from '@assistant/contracts';

/** One operation of the document as the page lists it. */
export interface ApiOperation {
  /** `get /api/agents/{id}`: unique, the key and the anchor. */
  id: string;
  method: OpenApiMethod;
  path: string;
  tag: string;
  operation: OpenApiOperation;
  /** Lower-case text the search looks in: method, path, tag, summary, parameter names, statuses and error codes. */
  haystack: string;
}

/** The error codes an error answer's schema allows (its `code` enum), or none. */
export function errorCodesOf(schema: OpenApiSchema | undefined): string[] {
  const code = schema?.properties?.code;
  return Array.isArray(code?.enum) ? code.enum.map(String) : [];
}

/** Every operation of the document, grouped by tag (tags sorted, operations in path order). */
export function groupOperations(document: OpenApiDocument): Array<{ tag: string; operations: ApiOperation[] }> {
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of OPENAPI_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'api';
      const responses = Object.entries(operation.responses);
      const haystack = [
        method,
        path,
        tag,
        operation.summary,
        operation.description,
        ...(operation.parameters ?? []).map((parameter) => parameter.name),
        ...responses.map(([status]) => status),
        ...responses.flatMap(([, response]) => errorCodesOf(response.content?.['application/json']?.schema)),
      ]
        .filter(Boolean)
        .join(' ')
        .toLowerCase();
      const list = groups.get(tag) ?? [];
      list.push({ id: `${method} ${path}`, method, path, tag, operation, haystack });
      groups.set(tag, list);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, operations]) => ({ tag, operations }));
}

/** The operations whose text holds every word of `query` (case-insensitive); all for an empty query. */
export function matchesQuery(operation: ApiOperation, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => operation.haystack.includes(word));
}

/** `#/components/schemas/Name` resolved against the document; anything else as it is. */
export function resolveSchema(schema: OpenApiSchema, document: OpenApiDocument): OpenApiSchema {
  const name = schema.$ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];
  return (name && (document.components?.schemas?.[decodeURIComponent(name)] as OpenApiSchema | undefined)) || schema;
}
