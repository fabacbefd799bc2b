import { sourceUrl, type ToolEvent } from '@assistant/contracts';
import { foundDocuments, isGrounded, mediaTypeOfSource, toolCallsOf } from '../tool-calls';

const FILE_A = '9a1b2c3d-0000-4000-8000-00000000000a';
const COLLECTION = '5d2c7a52-8c1e-4c8e-9a55-0c6f1e2b3a01';
const uri = (fileId: string, page: number) => sourceUrl('http://portal.test', { collectionId: COLLECTION, fileId, segments: [{ page, start: 0, end: 5 }] });

describe('tool calls of an answer', () => {
  it('tie begin, end and error together per call, in the order they began', () => {
    const events: ToolEvent[] = [
      { call_id: 'a', name: 'search', type: 'begin' },
      { call_id: 'b', name: 'search', type: 'begin' },
      { call_id: 'b', name: 'search', type: 'error', message: 'Index offline' },
      { call_id: 'a', name: 'search', type: 'end', content: [] },
      { call_id: 'c', name: 'other', type: 'end', content: [{ type: 'text', text: 'note', source_index: 0 }] },
    ];
    expect(toolCallsOf(events)).toEqual([
      { callId: 'a', name: 'search', status: 'done', content: [] },
      { callId: 'b', name: 'search', status: 'failed', content: [], message: 'Index offline' },
      { callId: 'c', name: 'other', status: 'done', content: [{ type: 'text', text: 'note', source_index: 0 }] },
    ]);
    expect(toolCallsOf(undefined)).toEqual([]);
    expect(isGrounded(toolCallsOf(events))).toBe(false);
  });

  it('count each document once (by the file its location names), with the numbers its passages are cited by', () => {
    const calls = toolCallsOf([
      {
        call_id: 'a',
        name: 'search',
        type: 'end',
        content: [
          { type: 'resource', resource: { uri: uri(FILE_A, 1), mimeType: 'application/pdf', metadata: { fileName: 'a.pdf', totalPages: 3 } }, source_index: 0 },
          { type: 'resource', resource: { uri: 'doc://elsewhere/7', mimeType: 'text/plain', metadata: {} }, source_index: 1 },
          { type: 'resource', resource: { uri: uri(FILE_A, 2), mimeType: 'application/pdf', metadata: { fileName: 'a.pdf', title: 'Report A', totalPages: 3 } }, source_index: 2 },
        ],
      },
    ]);
    expect(foundDocuments(calls)).toEqual([
      { key: FILE_A, name: 'a.pdf', mimeType: 'application/pdf', totalPages: 3, citations: [1, 3] },
      { key: 'doc://elsewhere/7', name: 'doc://elsewhere/7', mimeType: 'text/plain', citations: [2] },
    ]);
    expect(isGrounded(calls)).toBe(true);
    expect(mediaTypeOfSource(calls, 1)).toBe('text/plain');
    expect(mediaTypeOfSource(calls, 9)).toBeUndefined();
  });
});
