import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HISTORY_MAX_CHARACTERS, type Message } from '@assistant/contracts';
import type { ChatDelta, ModelProvider } from '../../inference/model-provider';
import { buildPrompt } from '../build-prompt';
import { classifyIntent } from '../intent';
import { ThinkTagSplitter } from '../think-tags';
import { cleanTitle } from '../title';

function split(chunks: string[]): { reasoning: string; answer: string } {
  const splitter = new ThinkTagSplitter();
  const out: ChatDelta[] = [];
  for (const text of chunks) out.push(...splitter.push({ channel: 'answer', text }));
  out.push(...splitter.flush());
  return {
    reasoning: out.filter((d) => d.channel === 'reasoning').map((d) => d.text).join(''),
    answer: out.filter((d) => d.channel === 'answer').map((d) => d.text).join(''),
  };
}

describe('ThinkTagSplitter', () => {
  it('splits a leading <think> block, with tags cut anywhere across chunks', () => {
    const text = '<think>Step one. Step two.</think>\n\nThe answer.';
    for (let cut = 1; cut < text.length; cut++) {
      assert.deepEqual(split([text.slice(0, cut), text.slice(cut)]), { reasoning: 'Step one. Step two.', answer: 'The answer.' }, `cut at ${cut}`);
    }
    assert.deepEqual(split([...text]), { reasoning: 'Step one. Step two.', answer: 'The answer.' });
  });

  it('leaves an answer without a leading block alone, <think> later in the text included', () => {
    assert.deepEqual(split(['Use ', '<think>', ' in XML.']), { reasoning: '', answer: 'Use <think> in XML.' });
    assert.deepEqual(split(['<', 'b>bold</b>']), { reasoning: '', answer: '<b>bold</b>' });
    assert.deepEqual(split(['<thi']), { reasoning: '', answer: '<thi' });
  });

  it('keeps an unfinished block as reasoning, and passes reasoning deltas through', () => {
    assert.deepEqual(split(['<think>still thinking</th']), { reasoning: 'still thinking</th', answer: '' });
    const splitter = new ThinkTagSplitter();
    assert.deepEqual(splitter.push({ channel: 'reasoning', text: 'hm' }), [{ channel: 'reasoning', text: 'hm' }]);
  });
});

describe('cleanTitle', () => {
  it('strips quotes, labels, Markdown, trailing punctuation and thinking', () => {
    assert.equal(cleanTitle('"Trip to Lisbon."'), 'Trip to Lisbon');
    assert.equal(cleanTitle('Title: **Quarterly figures**\nMore text'), 'Quarterly figures');
    assert.equal(cleanTitle('<think>hmm</think>\n„Reise nach Lissabon“'), 'Reise nach Lissabon');
    assert.equal(cleanTitle('<think>never finished'), undefined);
    assert.equal(cleanTitle('   \n'), undefined);
    assert.equal(cleanTitle('x'.repeat(300))!.length, 80);
  });

  // Recorded the way small models answer a plain-text request for a title.
  const answers: Array<[string, string]> = [
    ['```\nReise nach Lissabon\n```', 'Reise nach Lissabon'],
    ['```text\n"Reise nach Lissabon."\n```', 'Reise nach Lissabon'],
    ['{"title": "Reise nach Lissabon"}', 'Reise nach Lissabon'],
    ['Here is a title:\n```json\n{"title": "Quarterly figures", "language": "en"}\n```', 'Quarterly figures'],
  ];
  for (const [answer, title] of answers) {
    it(`reads the title out of ${JSON.stringify(answer)}`, () => assert.equal(cleanTitle(answer), title));
  }
});

describe('classifyIntent', () => {
  const none = { question: false, greeting: false, chitchat: false, clarification: false, unclear: false, summary: false };
  // Recorded the way small models answer when the endpoint does not enforce the schema.
  const answers: Array<[string, string, typeof none | undefined]> = [
    ['plain JSON', JSON.stringify({ ...none, question: true }), { ...none, question: true }],
    ['a fence and a chatty prefix', `Sure, here is the classification:\n\`\`\`json\n${JSON.stringify({ ...none, greeting: true })}\n\`\`\``, { ...none, greeting: true }],
    ['booleans as strings and an extra field', '{"greeting":"false","chitchat":"false","question":"true","clarification":false,"unclear":false,"summary":false,"confidence":0.9}', { ...none, question: true }],
    ['flags left out', '{"question": true, "summary": true}', { ...none, question: true, summary: true }],
    ['Python constants and a trailing comma', "{'question': True, 'greeting': False,}", { ...none, question: true }],
    ['no flag at all', '{"intent": "question"}', undefined],
    ['a flag that is no boolean', '{"question": "maybe"}', undefined],
    ['prose', 'The user asks a question.', undefined],
  ];
  for (const [name, reply, expected] of answers) {
    it(`reads ${name}`, async () => {
      const models = { complete: async () => reply } as unknown as ModelProvider;
      const warnings: object[] = [];
      const intent = await classifyIntent(models, { model: 'm', question: 'Wie lang ist die Kündigungsfrist?' }, { warn: (obj: object) => warnings.push(obj) });
      assert.deepEqual(intent, expected);
      assert.equal(warnings.length, expected ? 0 : 1);
    });
  }
});

describe('buildPrompt', () => {
  const message = (role: Message['role'], content: string, status: Message['status'] = 'complete'): Message => ({
    message_id: crypto.randomUUID(),
    conversation_id: crypto.randomUUID(),
    parent_message_id: null,
    role,
    content,
    status,
    created_at: new Date().toISOString(),
  });

  it('sends the system prompt, the branch without failed empty answers, and the question', () => {
    const prompt = buildPrompt(
      [message('user', 'Q1'), message('assistant', 'A1'), message('user', 'Q2'), message('assistant', '', 'error'), message('user', 'Q3'), message('assistant', 'part', 'stopped')],
      'Q4',
      new Date('2026-03-01T10:00:00Z'),
    );
    assert.equal(prompt[0]!.role, 'system');
    assert.match(String(prompt[0]!.content), /Today is 2026-03-01/);
    assert.deepEqual(
      prompt.slice(1).map((m) => `${m.role}:${String(m.content)}`),
      ['user:Q1', 'assistant:A1', 'user:Q2', 'user:Q3', 'assistant:part', 'user:Q4'],
    );
  });

  it('drops the oldest messages beyond the history budget, never the question', () => {
    const long = 'x'.repeat(HISTORY_MAX_CHARACTERS / 2 + 1);
    const prompt = buildPrompt([message('user', long), message('assistant', long), message('user', 'recent')], 'Q');
    assert.deepEqual(prompt.slice(1).map((m) => String(m.content).slice(0, 6)), ['xxxxxx', 'recent', 'Q']);
  });
});
