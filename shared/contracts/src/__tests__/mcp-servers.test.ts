import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMcpServerRequestSchema, MCP_SERVER_NAME_MAX_LENGTH } from '../index';

describe('createMcpServerRequestSchema', () => {
  it('takes a name, an http(s) URL and an optional token; an empty token counts as none', () => {
    assert.deepEqual(createMcpServerRequestSchema.parse({ name: ' HR ', url: 'https://mcp.example.org/mcp', bearer_token: '' }), {
      name: 'HR',
      url: 'https://mcp.example.org/mcp',
      bearer_token: undefined,
    });
    assert.equal(createMcpServerRequestSchema.parse({ name: 'HR', url: 'http://10.0.0.5:3000/mcp', bearer_token: 'abc.def' }).bearer_token, 'abc.def');
  });

  it('refuses other schemes, user info in the URL, an empty or long name, a token with spaces and unknown fields', () => {
    const refused = (body: object) => !createMcpServerRequestSchema.safeParse(body).success;
    assert.ok(refused({ name: 'x', url: 'ftp://mcp.example.org' }));
    assert.ok(refused({ name: 'x', url: 'javascript:alert(1)' }));
    assert.ok(refused({ name: 'x', url: '' }));
    assert.ok(refused({ name: 'x', url: 'not a url' }));
    assert.ok(refused({ name: 'x', url: 'https://user:secret@mcp.example.org/mcp' }));
    assert.ok(refused({ name: '   ', url: 'https://mcp.example.org/mcp' }));
    assert.ok(refused({ name: 'x'.repeat(MCP_SERVER_NAME_MAX_LENGTH + 1), url: 'https://mcp.example.org/mcp' }));
    assert.ok(refused({ name: 'x', url: 'https://mcp.example.org/mcp', bearer_token: 'a b' }));
    assert.ok(refused({ name: 'x', url: 'https://mcp.example.org/mcp', id: 'mine' }));
  });
});
