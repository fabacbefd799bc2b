import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readClarifyAnswer, readPlanAnswer } from '../research-prompts';

const json = (value: unknown) => JSON.stringify(value);
const tasks = (...contents: string[]) => contents.map((content) => ({ content }));

describe('readPlanAnswer', () => {
  // Recorded the way small local models answer the plan request: each flaw alone.
  const answers: Array<[string, string, { title: string; tasks: Array<{ content: string }> }, Record<string, number>]> = [
    ['a fence and a chatty prefix', `Here is a research plan:\n\`\`\`json\n${json({ title: 'Travel', tasks: tasks('Find the policy') })}\n\`\`\``, { title: 'Travel', tasks: tasks('Find the policy') }, {}],
    ['tasks as bare strings and an extra field', json({ title: 'Travel', tasks: ['Find the policy', 'Find the budget'], language: 'en' }), { title: 'Travel', tasks: tasks('Find the policy', 'Find the budget') }, {}],
    ['a repeated task and a blank one', json({ title: 'Travel', tasks: tasks('Find the policy', 'find the policy ', '  ', 'Find the budget') }), { title: 'Travel', tasks: tasks('Find the policy', 'Find the budget') }, { 'task: duplicate': 1, 'task: content too_small': 1 }],
    ['more tasks than allowed', json({ title: 'Travel', tasks: tasks('a', 'b', 'c', 'd') }), { title: 'Travel', tasks: tasks('a', 'b', 'c') }, { 'task: over the limit': 1 }],
    ['a task without content among good ones', json({ title: 'Travel', tasks: [{ content: 'a' }, { task: 'b' }] }), { title: 'Travel', tasks: tasks('a') }, { 'task: content invalid_type': 1 }],
  ];
  for (const [name, text, plan, dropped] of answers) {
    it(`reads ${name}`, () => {
      const read = readPlanAnswer(text, 3);
      assert.ok(read.ok, read.ok ? '' : read.problem);
      assert.deepEqual(read.value, plan);
      assert.deepEqual(read.dropped.toJSON(), dropped);
    });
  }

  const unusable: Array<[string, string]> = [
    ['prose', '1. Find the policy\n2. Find the budget'],
    ['no title', json({ tasks: tasks('a') })],
    ['no valid task', json({ title: 'Travel', tasks: ['  ', { content: '' }] })],
  ];
  for (const [name, text] of unusable) {
    it(`makes up no plan from ${name}`, () => assert.equal(readPlanAnswer(text, 3).ok, false));
  }
});

describe('readClarifyAnswer', () => {
  const answers: Array<[string, string, { needs_clarification: boolean; question: string } | undefined]> = [
    ['plain JSON', json({ needs_clarification: true, question: 'Which year?' }), { needs_clarification: true, question: 'Which year?' }],
    ['a boolean as a string, the question left out', 'Sure.\n```json\n{"needs_clarification": "false"}\n```', { needs_clarification: false, question: '' }],
    ['no decision', json({ question: 'Which year?' }), undefined],
  ];
  for (const [name, text, expected] of answers) {
    it(`reads ${name}`, () => {
      const read = readClarifyAnswer(text);
      assert.deepEqual(read.ok ? read.value : undefined, expected);
    });
  }
});
