import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentDraft } from '@assistant/contracts';
import { repairDraft, type DraftChoices } from '../agent-draft-prompt';

const choices: DraftChoices = {
  collections: [{ id: 'c-travel', name: 'Travel policy' }],
  tools: [{ name: 'search_documents', description: 'Searches documents' }],
  servers: [],
};

const good = {
  name: 'Travel helper',
  description: 'Answers travel budget questions.',
  instructions: 'You answer questions about travel budgets for {{user_name}}.',
  starter_prompts: ['How much may I spend on a hotel?'],
  icon: 'briefcase',
  temperature: 0.3,
  needs_knowledge: true,
  suggested_collection_ids: ['c-travel'],
  needs_tools: true,
  suggested_tools: ['search_documents'],
  suggested_server_ids: [],
};

const expected: AgentDraft = {
  name: 'Travel helper',
  description: 'Answers travel budget questions.',
  instructions: 'You answer questions about travel budgets for {{user_name}}.',
  starter_prompts: ['How much may I spend on a hotel?'],
  icon: 'briefcase',
  temperature: 0.3,
  needs_knowledge: true,
  suggested_collection_ids: ['c-travel'],
  needs_tools: true,
  suggested_tools: ['search_documents'],
  suggested_server_ids: [],
};

describe('repairDraft', () => {
  const json = (value: unknown) => JSON.stringify(value);
  // Recorded the way small local models answer the draft request: each flaw alone.
  const answers: Array<[string, string, Partial<AgentDraft>, Record<string, number>]> = [
    ['a fence and a chatty prefix', `Here is the agent I propose:\n\`\`\`json\n${json(good)}\n\`\`\``, {}, {}],
    ['numbers and booleans as strings, an extra field', json({ ...good, temperature: '0.3', needs_tools: 'true', reasoning: 'It needs the policy.' }), {}, {}],
    ['a duplicate starter prompt and a duplicate tool', json({ ...good, starter_prompts: ['How much may I spend on a hotel?', 'how much may I spend on a hotel?'], suggested_tools: ['search_documents', 'search_documents'] }), {}, { 'starter prompt: duplicate': 1, 'tool: duplicate': 1 }],
    ['optional fields left out', json({ name: good.name, description: good.description, instructions: good.instructions }), { starter_prompts: [], icon: 'bot', temperature: undefined, needs_knowledge: false, suggested_collection_ids: [], needs_tools: false, suggested_tools: [] }, {}],
    ['a collection, a tool and an icon that were not offered', json({ ...good, suggested_collection_ids: ['c-travel', 'c-secret'], suggested_tools: ['search_documents', 'run_shell'], icon: 'rocket' }), { icon: 'bot' }, { 'collection: not offered': 1, 'tool: not offered': 1, 'icon: not offered': 1 }],
    ['a trailing comma and an answer cut off after the last field', `${json(good).slice(0, -1)},`, {}, {}],
  ];
  for (const [name, answer, changes, dropped] of answers) {
    it(`repairs ${name}`, () => {
      const repaired = repairDraft(answer, choices);
      const want = { ...expected, ...changes };
      if (want.temperature === undefined) delete want.temperature;
      assert.deepEqual(repaired.draft, want);
      assert.deepEqual(repaired.dropped.toJSON(), dropped);
    });
  }

  const unusable: Array<[string, string]> = [
    ['prose', 'I would call it Travel helper and let it answer travel questions.'],
    ['no name', json({ ...good, name: '  ' })],
    ['no instructions', json({ ...good, instructions: undefined })],
  ];
  for (const [name, answer] of unusable) {
    it(`makes up nothing for ${name}`, () => assert.equal(repairDraft(answer, choices).draft, undefined));
  }
});
