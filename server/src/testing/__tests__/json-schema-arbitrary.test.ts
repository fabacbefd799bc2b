import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { arbitraryOf, LOOPBACK_URLS, type JsonSchema } from '../json-schema-arbitrary';

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);

/** Schemas in the shapes the OpenAPI document has them (zod's JSON Schema). */
const SCHEMAS: Record<string, JsonSchema> = {
  object: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string', minLength: 1, maxLength: 100 },
      scope: { type: 'string', enum: ['personal', 'company'] },
      size: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
      temperature: { type: 'number', minimum: 0, maximum: 2 },
      created_at: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]{2,5}$' }, maxItems: 3, uniqueItems: true },
    },
    required: ['id', 'name'],
    additionalProperties: false,
  },
  union: { anyOf: [{ type: 'string', const: 'none' }, { type: 'object', properties: { n: { type: 'integer', exclusiveMinimum: 0 } }, required: ['n'] }, { type: 'null' }] },
  record: { type: 'object', propertyNames: { type: 'string', enum: ['de', 'en'] }, additionalProperties: { type: 'string', maxLength: 5 } },
  nullable: { type: ['string', 'null'], minLength: 2 },
};

describe('arbitraryOf', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`makes only values the schema accepts: ${name}`, () => {
      const validate = ajv.compile(schema);
      fc.assert(
        fc.property(arbitraryOf(schema), (value) => {
          assert.ok(validate(value), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
        }),
        { seed: 1, numRuns: 300 },
      );
    });
  }

  it('gives a URL field only loopback addresses, by format or by name', () => {
    const schema: JsonSchema = { type: 'object', properties: { endpoint: { type: 'string', format: 'uri' }, source_url: { type: 'string' } }, required: ['endpoint', 'source_url'] };
    for (const value of fc.sample(arbitraryOf(schema), { seed: 2, numRuns: 200 }) as Array<Record<string, string>>) {
      assert.ok(LOOPBACK_URLS.includes(value.endpoint!) && LOOPBACK_URLS.includes(value.source_url!), JSON.stringify(value));
    }
  });

  it('mixes known ids into uuid fields, and awkward characters into strings', () => {
    const known = '2f1c8a3e-9d4b-4c1a-8e7f-0a1b2c3d4e5f';
    const ids = fc.sample(arbitraryOf({ type: 'string', format: 'uuid' }, { knownIds: [known] }), { seed: 3, numRuns: 100 });
    assert.ok(ids.includes(known));
    const texts = fc.sample(arbitraryOf({ type: 'string', maxLength: 60 }), { seed: 4, numRuns: 400 }) as string[];
    assert.ok(texts.some((text) => text.includes('\u0000') || /[\ud800-\udfff]/.test(text)), 'some strings hold NUL or a surrogate');
  });
});
