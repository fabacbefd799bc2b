import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANSWER_DETAILS_PASSAGE_MAX_CHARACTERS, ANSWER_DETAILS_TOOL_RESULT_MAX_CHARACTERS, answerDetailsSchema } from '@assistant/contracts';
import { AnswerDetailsRecorder } from '../answer-details';
import type { SourceWindow } from '../../grounding/source-windows';

const window = (index: number, score: number, text: string): SourceWindow => ({
  index,
  fileId: `file-${index}`,
  collectionId: 'collection',
  fileName: `doc-${index}.pdf`,
  mediaType: 'application/pdf',
  segments: [{ page: 3, start: 0, end: text.length }],
  text,
  score,
});

describe('an answer’s developer details', () => {
  it('link the trace when a viewer is configured, list the passages with their scores and cut long texts', () => {
    let elapsed = 120;
    const recorder = new AnswerDetailsRecorder({
      model: 'qwen',
      requestId: 'request-1',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      traceViewerUrl: 'https://traces.example/trace/{traceId}?from=assistant',
      elapsedMs: () => elapsed,
    });
    recorder.retrieved([window(0, 0.031, 'Short passage.'), window(1, 0.016, 'x'.repeat(ANSWER_DETAILS_PASSAGE_MAX_CHARACTERS + 50))]);
    recorder.firstPiece();
    elapsed = 900;
    recorder.firstPiece();
    recorder.answerEnded();
    const details = recorder.details({
      windows: [window(2, 0.5, 'Found by a tool.')],
      calls: [{ callId: 'call-1', name: 'search_documents', arguments: '{"query":"budget"', result: 'y'.repeat(ANSWER_DETAILS_TOOL_RESULT_MAX_CHARACTERS + 1) }],
    });
    assert.equal(answerDetailsSchema.safeParse(details).success, true);
    assert.equal(details.trace_url, 'https://traces.example/trace/4bf92f3577b34da6a3ce929d0e0e4736?from=assistant');
    assert.equal(details.time_to_first_token_ms, 120);
    assert.equal(details.total_ms, 900);
    assert.deepEqual(details.passages?.map((passage) => [passage.source_index, passage.file_name, passage.page, passage.score]), [
      [0, 'doc-0.pdf', 3, 0.031],
      [1, 'doc-1.pdf', 3, 0.016],
      [2, 'doc-2.pdf', 3, 0.5],
    ]);
    assert.equal(details.passages?.[1]?.text.length, ANSWER_DETAILS_PASSAGE_MAX_CHARACTERS + 1);
    assert.equal(details.tool_calls?.[0]?.arguments, '{"query":"budget"');
    assert.equal(details.tool_calls?.[0]?.result?.length, ANSWER_DETAILS_TOOL_RESULT_MAX_CHARACTERS + 1);
    // Nothing reported: no made-up numbers.
    assert.equal(details.input_tokens, undefined);
    assert.equal(details.model_calls, undefined);
  });

  it('shows no trace link without a trace, and keeps no events unless asked to', async () => {
    const kept: string[] = [];
    const quiet = new AnswerDetailsRecorder({ model: 'm', requestId: 'r', traceId: undefined, traceViewerUrl: 'https://t.example/{traceId}', elapsedMs: () => 1 });
    quiet.record({ kind: 'done' });
    await quiet.keepEvents();
    assert.equal(quiet.details().trace_url, undefined);
    const keeping = new AnswerDetailsRecorder({ model: 'm', requestId: 'r', traceId: undefined, traceViewerUrl: undefined, elapsedMs: () => 1, keepEvents: async (lines) => kept.push(lines) });
    keeping.record({ kind: 'done' });
    await keeping.keepEvents();
    assert.deepEqual(kept, ['{"kind":"done"}\n']);
  });
});
