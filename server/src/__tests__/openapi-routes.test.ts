import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_ERROR_CODES, apiErrorStatusOf, openApiDocumentSchema, OPENAPI_METHODS, type OpenApiDocument } from '@assistant/contracts';
import { startTestApp, type TestApp } from '../testing/test-app';

/** GET /api/openapi.json: the document of every route, generated from the routes' zod schemas. */
describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  before(async () => {
    t = await startTestApp();
    const response = await t.as('employee', { method: 'GET', url: '/api/openapi.json' });
    assert.equal(response.statusCode, 200, response.body);
    document = openApiDocumentSchema.parse(response.json());
  });
  after(() => t.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) => OPENAPI_METHODS.flatMap((method) => (item[method] ? [{ name: `${method.toUpperCase()} ${path}`, operation: item[method]! }] : [])));

  it('is for signed-in users only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(response.statusCode, 401);
  });

  it('is OpenAPI 3.1 with the routes of every resource, grouped by tag', () => {
    assert.equal(document.openapi, '3.1.0');
    for (const path of ['/api/conversations/{id}/messages/v2', '/api/collections/{id}/files', '/api/agents/{id}', '/api/openapi.json', '/health']) {
      assert.ok(document.paths[path], `${path} is documented`);
    }
    for (const { name, operation } of operations()) assert.equal(operation.tags?.length, 1, `${name} has a tag`);
    assert.deepEqual(document.paths['/api/agents/{id}']!.get!.tags, ['agents']);
  });

  it('declares a success answer and the error answers with their codes for every operation', () => {
    for (const { name, operation } of operations()) {
      const statuses = Object.keys(operation.responses).map(Number);
      assert.ok(statuses.some((status) => status >= 200 && status < 300), `${name} declares its success`);
      assert.ok(statuses.includes(500), `${name} declares 500`);
      const isPublic = operation.security?.length === 0;
      assert.equal(statuses.includes(401), !isPublic, `${name}: 401 unless public`);
      for (const status of statuses.filter((s) => s >= 400 && !(name === 'GET /health' && s === 503))) {
        const schema = operation.responses[String(status)]!.content?.['application/json']?.schema as { properties?: Record<string, { enum?: unknown[] }> };
        assert.ok(schema.properties?.code, `${name} ${status} is the API error body`);
        // A route's own error body (a 409 with the stored version) may leave the code open.
        const codes = API_ERROR_CODES.filter((code) => apiErrorStatusOf(code) === status);
        if (schema.properties.code.enum || status === 401 || status === 500) assert.deepEqual(schema.properties.code.enum, codes, `${name} ${status} lists its codes`);
      }
    }
  });

  it('declares the 403 of a feature an administrator switched off (found by the fuzz after it switched create-your-own off)', () => {
    for (const [path, method] of [
      ['/api/custom-apps', 'post'],
      ['/api/custom-apps/{id}', 'put'],
      ['/api/custom-apps/import', 'post'],
      ['/api/custom-apps/{id}/duplicate', 'post'],
      ['/api/custom-apps/{id}/versions/{version}/restore', 'post'],
      ['/api/generate', 'post'],
    ] as const) {
      assert.ok(document.paths[path]![method]!.responses['403'], `${method.toUpperCase()} ${path} declares 403`);
    }
  });

  it("declares the 429 of starting a research run while too many of the user's work, and the 409 of a settings change that would lock every administrator out (found by the fuzz)", () => {
    assert.ok(document.paths['/api/research']!.post!.responses['429']);
    assert.ok(document.paths['/api/admin/settings']!.patch!.responses['409']);
  });

  it('documents the body a handler reads itself: uploads as multipart/form-data, answers streamed as JSON lines', () => {
    const upload = document.paths['/api/collections/{id}/files']!.post!;
    assert.ok(upload.requestBody?.content['multipart/form-data']?.schema, 'an upload is a multipart form');
    const summarize = document.paths['/api/summarize/file']!.post!;
    const form = summarize.requestBody?.content['multipart/form-data']?.schema as { properties?: Record<string, { format?: string }> };
    assert.equal(form.properties?.file?.format, 'binary');
    assert.ok(form.properties?.length, 'with its option fields');
    const chat = document.paths['/api/conversations/{id}/messages/v2']!.post!;
    assert.ok(chat.responses['200']?.content?.['application/x-ndjson']?.schema, 'a chat answer streams JSON lines');
    const removal = document.paths['/api/conversations/{id}']!.delete!;
    assert.equal(removal.responses['204']?.content, undefined, 'a 204 has no content');
  });
});
