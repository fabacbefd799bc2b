import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { originalOfSourceUrl, pageRangesOf, parseSourceUrl } from '@assistant/contracts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import { ModelProvider } from '../../inference/model-provider';
import { JUDGE_SYSTEM_PROMPT, JudgeError, judgeWindows, toInContextSources, toQaSources } from '../judge-sources';
import type { SourceWindow } from '../source-windows';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const ORIGIN = 'http://portal.example';
const TRACE = '33333333-3333-4333-8333-333333333333';

// The first window runs over a page break (page 1 from offset 40, then page 2 up to offset 20).
const PAGE_1_PART = 'Allgemeines gilt. Die Kündigungsfrist beträgt drei Monate zum';
const PAGE_2_PART = 'Ende eines Quartals.';
const windows: SourceWindow[] = [
  {
    index: 0,
    fileId: '11111111-1111-4111-8111-111111111111',
    collectionId: '22222222-2222-4222-8222-222222222222',
    fileName: 'Arbeitsvertrag.pdf',
    mediaType: 'application/pdf',
    totalPages: 2,
    segments: [
      { page: 1, start: 40, end: 40 + PAGE_1_PART.length },
      { page: 2, start: 0, end: PAGE_2_PART.length },
    ],
    text: `${PAGE_1_PART}\n${PAGE_2_PART}`,
    score: 2.5,
  },
  {
    index: 1,
    fileId: '44444444-4444-4444-8444-444444444444',
    collectionId: '22222222-2222-4222-8222-222222222222',
    fileName: 'Richtlinie.docx',
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    segments: [{ page: 1, start: 0, end: 75 }],
    text: 'Die Kündigungsfrist beträgt einen Monat. Das gilt für alle neuen Verträge.',
    score: 1.5,
  },
  {
    index: 2,
    fileId: '55555555-5555-4555-8555-555555555555',
    collectionId: '22222222-2222-4222-8222-222222222222',
    fileName: 'Kantine.pdf',
    mediaType: 'application/pdf',
    segments: [{ page: 4, start: 0, end: 31 }],
    text: 'Die Kantine öffnet um 11:30 Uhr.',
    score: 0.5,
  },
];

interface JudgeInput {
  question: string;
  answer: string;
  sources: Array<{ n: number; document: string; sentences: Array<{ s: number; text: string }> }>;
}

/** A judge that reads the sentences it is given: "drei Monate" supports, "einen Monat" contradicts. */
function fairJudge(message: string): string {
  const input = JSON.parse(message) as JudgeInput;
  return JSON.stringify({
    sources: input.sources.map((source) => ({
      n: source.n,
      sentences: source.sentences.map((sentence) => ({
        s: sentence.s,
        label: /drei Monate/.test(sentence.text) ? 'supports' : /einen Monat/.test(sentence.text) ? 'contradicts' : 'unrelated',
        strength: /drei Monate/.test(sentence.text) ? 0.9 : /einen Monat/.test(sentence.text) ? 0.8 : 0.1,
      })),
    })),
  });
}

describe('judgeWindows', () => {
  let model: ScriptedModelServer;
  let models: ModelProvider;

  before(async () => {
    model = await startScriptedModelServer({ rules: [{ system: JUDGE_SYSTEM_PROMPT, reply: fairJudge }] });
    models = new ModelProvider({ baseUrl: model.url, timeoutMs: 10_000, logger: quiet });
  });
  after(() => model.close());

  const answer = 'Die Kündigungsfrist beträgt drei Monate zum Quartalsende [1], eine Richtlinie nennt einen Monat [2].';

  it('maps supporting and contradicting sentences to QA sources with signed scores on exact offsets', async () => {
    model.requests.length = 0;
    const judgements = await judgeWindows(models, { model: 'scripted-model', question: 'Wie lang ist die Kündigungsfrist?', answer, windows });
    // One structured-output call; only the cited windows were asked about.
    const calls = model.chatRequests();
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.responseFormat, 'json_schema');
    const asked = JSON.parse(calls[0]!.lastUserMessage!) as JudgeInput;
    assert.deepEqual(
      asked.sources.map((source) => source.n),
      [1, 2],
    );
    // The sentence over the page break is one sentence for the judge.
    assert.deepEqual(
      asked.sources[0]!.sentences.map((sentence) => sentence.text),
      ['Allgemeines gilt.', 'Die Kündigungsfrist beträgt drei Monate zum\nEnde eines Quartals.'],
    );

    const qa = toQaSources(TRACE, judgements, ORIGIN);
    assert.equal(qa.trace_id, TRACE);
    assert.equal(qa.qa_sources.length, 3);
    const [first, second, third] = qa.qa_sources;
    assert.equal(first!.supporting, true);
    assert.equal(first!.source_name, 'Arbeitsvertrag.pdf');
    assert.deepEqual(first!.highlights, [{ start: 18, end: first!.source_text.length, score: 0.9 }]);
    assert.equal(first!.source_text.slice(18), 'Die Kündigungsfrist beträgt drei Monate zum\nEnde eines Quartals.');
    // The highlight maps to both pages exactly.
    const location = parseSourceUrl(first!.source_url)!;
    assert.deepEqual(location.segments, windows[0]!.segments);
    assert.deepEqual(pageRangesOf(location.segments, 18, first!.source_text.length), [
      { page: 1, start: 58, end: 40 + PAGE_1_PART.length },
      { page: 2, start: 0, end: PAGE_2_PART.length },
    ]);

    assert.equal(second!.supporting, false);
    assert.deepEqual(second!.highlights, [{ start: 0, end: 40, score: -0.8 }]);
    assert.equal(second!.source_text.slice(0, 40), 'Die Kündigungsfrist beträgt einen Monat.');
    // Not cited: listed (qa_sources[i] is what [i+1] cites) but not judged.
    assert.equal(third!.supporting, undefined);
    assert.deepEqual(third!.highlights, []);
  });

  it('maps the same judgement to in-context supporting and conflicting lists', async () => {
    const judgements = await judgeWindows(models, { model: 'scripted-model', question: 'What is the notice period?', answer, windows });
    const inContext = toInContextSources(TRACE, judgements, { portalOrigin: ORIGIN, question: 'What is the notice period?' });
    assert.equal(inContext.highlighted_sources.length, 1);
    const [{ supporting, conflicting }] = inContext.highlighted_sources as [(typeof inContext.highlighted_sources)[number]];
    assert.deepEqual(
      supporting.map((s) => [s.source_index, s.source_name, s.source_label, s.source_score, s.highlights]),
      [[0, 'Arbeitsvertrag.pdf', 'p. 1–2', 2.5, [{ start: 18, end: windows[0]!.text.length, relevancy: 0.9 }]]],
    );
    assert.deepEqual(
      conflicting.map((s) => [s.source_index, s.source_label, s.highlights]),
      [[1, 'p. 1', [{ start: 0, end: 40, relevancy: 0.8 }]]],
    );
    assert.equal(parseSourceUrl(conflicting[0]!.source_url)?.fileId, windows[1]!.fileId);
    // German question, German label.
    const german = toInContextSources(TRACE, judgements, { portalOrigin: ORIGIN, question: 'Wie lang ist die Kündigungsfrist?' });
    assert.equal(german.highlighted_sources[0]!.supporting[0]!.source_label, 'S. 1–2');
  });

  it('links a source from a file synced from a document library home, with the passage still located', async () => {
    const original = 'https://contoso.sharepoint.com/sites/hr/Shared%20Documents/Richtlinie.docx';
    const synced = windows.map((window) => (window.index === 1 ? { ...window, originalUrl: original } : window));
    const judgements = await judgeWindows(models, { model: 'scripted-model', question: 'What is the notice period?', answer, windows: synced });
    const qa = toQaSources(TRACE, judgements, ORIGIN).qa_sources;
    const conflicting = toInContextSources(TRACE, judgements, { portalOrigin: ORIGIN, question: 'What is the notice period?' }).highlighted_sources[0]!.conflicting[0]!;
    for (const url of [qa[1]!.source_url, conflicting.source_url]) {
      assert.equal(originalOfSourceUrl(url), original);
      assert.deepEqual(parseSourceUrl(url), { collectionId: windows[1]!.collectionId, fileId: windows[1]!.fileId, segments: windows[1]!.segments });
    }
    assert.equal(originalOfSourceUrl(qa[0]!.source_url), null, 'an uploaded file stays a portal source');
  });

  it('judges every window when the answer cites none', async () => {
    model.requests.length = 0;
    await judgeWindows(models, { model: 'scripted-model', question: 'Frage?', answer: 'Eine Antwort ohne Verweise.', windows });
    const asked = JSON.parse(model.chatRequests()[0]!.lastUserMessage!) as JudgeInput;
    assert.deepEqual(
      asked.sources.map((source) => source.n),
      [1, 2, 3],
    );
  });

  it('asks once more when the judgement does not fit, then fails without inventing one', async () => {
    const invalidAnswers = [
      // A sentence that does not exist.
      () => JSON.stringify({ sources: [{ n: 1, sentences: [{ s: 9, label: 'supports', strength: 1 }] }] }),
      // A strength out of range.
      () => JSON.stringify({ sources: [{ n: 1, sentences: [{ s: 1, label: 'supports', strength: 1.5 }] }] }),
      // A label that is none of the three.
      () => JSON.stringify({ sources: [{ n: 1, sentences: [{ s: 1, label: 'maybe', strength: 0.5 }] }] }),
      // A source it was not asked about.
      () => JSON.stringify({ sources: [{ n: 3, sentences: [] }] }),
      () => 'I think source 1 supports the answer.',
    ];
    for (const reply of invalidAnswers) {
      model.setScript({ rules: [{ system: JUDGE_SYSTEM_PROMPT, reply }] });
      model.requests.length = 0;
      await assert.rejects(judgeWindows(models, { model: 'scripted-model', question: 'Frage?', answer, windows }), JudgeError);
      assert.equal(model.chatRequests().length, 2);
    }

    // Wrong once, right the second time: the second answer counts.
    let calls = 0;
    model.setScript({ rules: [{ system: JUDGE_SYSTEM_PROMPT, reply: (message) => (++calls === 1 ? '{"sources": "none"}' : fairJudge(message)) }] });
    const judgements = await judgeWindows(models, { model: 'scripted-model', question: 'Frage?', answer, windows });
    assert.equal(calls, 2);
    assert.equal(toQaSources(TRACE, judgements, ORIGIN).qa_sources[0]!.supporting, true);
    model.setScript({ rules: [{ system: JUDGE_SYSTEM_PROMPT, reply: fairJudge }] });
  });

  it('keeps the valid judgements of a flawed answer, the first of duplicates, and logs what it left out', async () => {
    const supports = { s: 2, label: 'supports', strength: 0.9 };
    const contradicts = { s: 1, label: 'contradicts', strength: 0.8 };
    const json = (value: unknown) => JSON.stringify(value);
    // Recorded the way small local models answer: each flaw alone, the valid judgements around it.
    const flawed: Array<[string, string, Record<string, number>]> = [
      [
        'a sentence judged twice',
        json({ sources: [{ n: 1, sentences: [supports, { s: 2, label: 'unrelated', strength: 0.1 }] }, { n: 2, sentences: [contradicts] }] }),
        { 'sentence: judged twice': 1 },
      ],
      ['a fence and a chatty prefix', `Here is my judgement:\n\`\`\`json\n${json({ sources: [{ n: 1, sentences: [supports] }, { n: 2, sentences: [contradicts] }] })}\n\`\`\``, {}],
      [
        'numbers as strings, an extra field, a capitalised label',
        json({ sources: [{ n: '1', sentences: [{ s: '2', label: 'Supports', strength: '0.9', reason: 'same period' }] }, { n: 2, sentences: [contradicts] }] }),
        {},
      ],
      ['a source it was not asked about', json({ sources: [{ n: 1, sentences: [supports] }, { n: 7, sentences: [supports] }, { n: 2, sentences: [contradicts] }] }), { 'source: not asked about': 1 }],
      ['a sentence that does not exist', json({ sources: [{ n: 1, sentences: [supports, { s: 9, label: 'supports', strength: 1 }] }, { n: 2, sentences: [contradicts] }] }), { 'sentence: does not exist': 1 }],
      [
        'a judgement without strength and one with a label of its own',
        json({ sources: [{ n: 1, sentences: [{ s: 1, label: 'supports' }, supports] }, { n: 2, sentences: [contradicts, { s: 2, label: 'maybe', strength: 0.5 }] }] }),
        { 'sentence: strength invalid_type': 1, 'sentence: label invalid_value': 1 },
      ],
      ['one source split in two entries', json({ sources: [{ n: 1, sentences: [supports] }, { n: 2, sentences: [contradicts] }, { n: 1, sentences: [supports] }] }), { 'sentence: judged twice': 1 }],
      ['the list without its wrapper and a trailing comma', `[{"n": 1, "sentences": [${json(supports)}]}, {"n": 2, "sentences": [${json(contradicts)},]},]`, {}],
    ];
    for (const [name, reply, dropped] of flawed) {
      model.setScript({ rules: [{ system: JUDGE_SYSTEM_PROMPT, reply: () => reply }] });
      model.requests.length = 0;
      const warnings: Array<{ obj: object; msg: string }> = [];
      const log = { warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
      const judgements = await judgeWindows(models, { model: 'scripted-model', question: 'Frage?', answer, windows, log });
      assert.equal(model.chatRequests().length, 1, name);
      const [first, second] = toQaSources(TRACE, judgements, ORIGIN).qa_sources;
      assert.deepEqual(first!.highlights, [{ start: 18, end: first!.source_text.length, score: 0.9 }], name);
      assert.deepEqual(second!.highlights, [{ start: 0, end: 40, score: -0.8 }], name);
      if (Object.keys(dropped).length === 0) assert.deepEqual(warnings, [], name);
      else assert.deepEqual(warnings.map((warning) => warning.obj), [{ kept: 2, dropped }], name);
      // Counts and reasons only: no document text in the log.
      assert.doesNotMatch(JSON.stringify(warnings), /Kündigungsfrist|Monat/, name);
    }
    model.setScript({ rules: [{ system: JUDGE_SYSTEM_PROMPT, reply: fairJudge }] });
  });

  it('fails when the model fails or none is reachable', async () => {
    model.setScript({ rules: [{ system: JUDGE_SYSTEM_PROMPT, status: 500 }] });
    await assert.rejects(judgeWindows(models, { model: 'scripted-model', question: 'Frage?', answer, windows }), JudgeError);
    model.setScript({ rules: [{ system: JUDGE_SYSTEM_PROMPT, reply: fairJudge }] });

    const none = new ModelProvider({ timeoutMs: 1_000, logger: quiet });
    await assert.rejects(judgeWindows(none, { model: 'scripted-model', question: 'Frage?', answer, windows }), JudgeError);
  });
});
