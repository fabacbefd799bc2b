import { toolCallSummary } from '../tool-call-summary';

describe('toolCallSummary', () => {
  it('names a built-in tool by its key with the search words or the page', () => {
    expect(toolCallSummary({ toolName: 'search_documents', argsJson: '{"query":"Reisekosten"}' })).toEqual({
      key: 'research.tools.search_documents',
      values: { query: 'Reisekosten', page: '' },
    });
    expect(toolCallSummary({ toolName: 'read_document_page', argsJson: '{"file_id":"f","page":2}' })?.values.page).toBe('2');
  });

  it('leaves an MCP tool to its own name, and survives arguments that are no JSON object', () => {
    expect(toolCallSummary({ toolName: 'hr__lookup_employee', argsJson: '{"name":"Erika"}' })).toBeUndefined();
    expect(toolCallSummary({ toolName: 'web_search', argsJson: 'not json' })?.values).toEqual({ query: '', page: '' });
    expect(toolCallSummary({ toolName: 'web_search', argsJson: '{"query":{"nested":true}}' })?.values.query).toBe('');
  });
});
