import fc from 'fast-check';

/** A JSON Schema (draft 2020-12, as the OpenAPI 3.1 document has them); only what the API uses. */
export type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  items?: JsonSchema | boolean;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  contentMediaType?: string;
  contentEncoding?: string;
};

/**
 * The only addresses a URL-valued field gets: loopback ports where nothing listens or the server
 * itself would answer, so no generated request makes the server call out of the machine.
 */
export const LOOPBACK_URLS = ['http://127.0.0.1:9/', 'http://localhost:9/mcp', 'https://127.0.0.1:1/dav/', 'http://[::1]:9/x?y=1'];

export interface ArbitraryOptions {
  /** Resolves `#/components/schemas/Name` (the OpenAPI document's shared schemas). */
  components?: Record<string, JsonSchema>;
  /** Values to mix into every uuid-formatted string: ids of existing rows, so the fuzz reaches past "not found". */
  knownIds?: readonly string[];
  /** Longest string and array generated when the schema sets no bound (keeps requests small). */
  maxLength?: number;
}

/** Whether a property of this name holds a URL (`url`, `source_url`, `baseUrl`, `endpoint_uri` ...). */
export function isUrlName(name: string | undefined): boolean {
  return name !== undefined && /ur[il]/i.test(name);
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A fast-check arbitrary of the values `schema` accepts. Strings are drawn from the full range of
 * characters the schema allows (NUL, lone surrogates, RTL marks, emoji), since what a server must
 * survive is any valid input, not only the pleasant ones. Every string the schema calls a URI,
 * and every string property named like a URL, comes from LOOPBACK_URLS only.
 */
export function arbitraryOf(schema: JsonSchema | boolean, options: ArbitraryOptions = {}, root: JsonSchema | boolean = schema, name?: string): fc.Arbitrary<unknown> {
  if (schema === true) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false) throw new Error('no value matches the schema `false`');
  const recurse = (child: JsonSchema | boolean, childName?: string) => arbitraryOf(child, options, root, childName);

  if (schema.$ref) return fc.constant(null).chain(() => recurse(resolveRef(schema.$ref!, root, options), name));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.allOf) return recurse(mergeAll(schema.allOf.map((part) => (part.$ref ? (resolveRef(part.$ref, root, options) as JsonSchema) : part))), name);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => recurse({ ...withoutChoices(schema), ...choice }, name)));

  const types = schema.type === undefined ? undefined : ([] as string[]).concat(schema.type);
  if (types && types.length > 1) return fc.oneof(...types.map((type) => recurse({ ...schema, type }, name)));
  switch (types?.[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerOf(schema);
    case 'number':
      return numberOf(schema);
    case 'string':
      return stringOf(schema, options, name);
    case 'array':
      return arrayOf(schema, options, recurse);
    case 'object':
      return objectOf(schema, options, recurse);
    default:
      // No type: objects with properties are objects; anything else is any JSON value.
      return schema.properties ? objectOf(schema, options, recurse) : fc.jsonValue({ maxDepth: 2 });
  }
}

function resolveRef(ref: string, root: JsonSchema | boolean, options: ArbitraryOptions): JsonSchema | boolean {
  if (ref === '#') return root;
  const component = ref.match(/^#\/components\/schemas\/(.+)$/);
  if (component) {
    const found = options.components?.[decodeURIComponent(component[1]!)];
    if (!found) throw new Error(`unknown schema ${ref}`);
    return found;
  }
  const local = ref.match(/^#\/\$defs\/(.+)$/);
  if (local && typeof root === 'object' && root.$defs?.[local[1]!]) return root.$defs[local[1]!]!;
  throw new Error(`unsupported $ref ${ref}`);
}

function withoutChoices(schema: JsonSchema): JsonSchema {
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  return rest;
}

/** allOf of object schemas (what zod's intersections and extensions give): their properties together. */
function mergeAll(parts: JsonSchema[]): JsonSchema {
  return parts.reduce<JsonSchema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...merged.properties, ...part.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    {},
  );
}

function integerOf(schema: JsonSchema): fc.Arbitrary<number> {
  let min = schema.minimum ?? -MAX_SAFE;
  let max = schema.maximum ?? MAX_SAFE;
  if (schema.exclusiveMinimum !== undefined) min = Math.max(min, Math.floor(schema.exclusiveMinimum) + 1);
  if (schema.exclusiveMaximum !== undefined) max = Math.min(max, Math.ceil(schema.exclusiveMaximum) - 1);
  min = Math.max(Math.ceil(min), -MAX_SAFE);
  max = Math.min(Math.floor(max), MAX_SAFE);
  // The edges and small values find more than uniform draws over 2^53.
  const edges = [min, max, 0, 1, -1].filter((value) => value >= min && value <= max);
  return fc.oneof({ weight: 3, arbitrary: fc.integer({ min, max }) }, { weight: 2, arbitrary: fc.integer({ min: Math.max(min, -10), max: Math.min(max, 100) }).filter((v) => v >= min) }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

function numberOf(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum !== undefined, maxExcluded: schema.exclusiveMaximum !== undefined })
    .map((value) => (Object.is(value, -0) ? 0 : value));
}

/** Characters from the whole of Unicode and the ones servers stumble on. */
const awkwardChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\ud800', '\u202e', '\ufeff', '%', '\\', '"', "'", '<', '\n', '😀', 'ß') },
);

function stringOf(schema: JsonSchema, options: ArbitraryOptions, name: string | undefined): fc.Arbitrary<string> {
  if (schema.format === 'uri' || schema.format === 'url' || schema.format === 'iri' || isUrlName(name)) return fc.constantFrom(...LOOPBACK_URLS);
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, options.maxLength ?? 40);
  const fits = (value: string) => [...value].length >= minLength && [...value].length <= maxLength;
  switch (schema.format) {
    case 'uuid': {
      const uuid = fc.uuid();
      return options.knownIds?.length ? fc.oneof({ weight: 1, arbitrary: uuid }, { weight: 2, arbitrary: fc.constantFrom(...options.knownIds) }) : uuid;
    }
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'binary':
      return fc.string({ maxLength: 64 });
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const plain = fc.string({ unit: 'grapheme-ascii', minLength, maxLength });
  const awkward = fc.string({ unit: awkwardChar, minLength, maxLength: Math.min(maxLength, minLength + 40) }).filter(fits);
  return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 1, arbitrary: awkward });
}

function arrayOf(schema: JsonSchema, options: ArbitraryOptions, recurse: (child: JsonSchema | boolean, name?: string) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? Math.max(minLength, 4), Math.max(minLength, options.maxLength ?? 40, 4));
  if (schema.prefixItems) {
    const head = schema.prefixItems.map((item) => recurse(item));
    return fc.tuple(...head);
  }
  const item = recurse(schema.items ?? true);
  return schema.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
    : fc.array(item, { minLength, maxLength });
}

function objectOf(schema: JsonSchema, options: ArbitraryOptions, recurse: (child: JsonSchema | boolean, name?: string) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) record[key] = recurse(child, key);
  const known = fc.record(record, { requiredKeys: [...required].filter((key) => key in properties) });
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === false || Object.keys(properties).length > 0) return known;
  // A record (z.record): keys from propertyNames, values from additionalProperties.
  const keys = schema.propertyNames ? (recurse(schema.propertyNames) as fc.Arbitrary<string>) : fc.string({ minLength: 1, maxLength: 12 });
  return fc.dictionary(keys, recurse(extra), { minKeys: schema.minProperties ?? 0, maxKeys: Math.min(schema.maxProperties ?? 4, 4) });
}
