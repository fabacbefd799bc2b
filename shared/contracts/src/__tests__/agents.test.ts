import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentListResponseSchema, agentSchema, createAgentRequestSchema, unknownAgentVariables, updateAgentRequestSchema } from '../agents';
import { NOW, UUID_A, UUID_B, accepts, rejects } from './helpers';

const agent = {
  id: UUID_A,
  name: 'Travel helper',
  description: 'Answers travel policy questions',
  instructions: 'Answer from the travel policy only. Today is {{date}}.',
  model_id: 'llama',
  temperature: 0.3,
  starter_prompts: ['What is the daily allowance?'],
  collection_ids: ['handbook'],
  tools: ['search_documents'],
  server_ids: [],
  icon: 'briefcase',
  version: 2,
  visibility: 'personal',
  editable: true,
  created_at: NOW,
  updated_at: NOW,
};

describe('agents', () => {
  it('accepts an agent and a list of them; model and temperature are optional', () => {
    const { model_id: _model, temperature: _temperature, ...withoutModel } = agent;
    assert.equal(accepts(agentListResponseSchema, { agents: [agent, { ...withoutModel, description: '', visibility: 'company', editable: false }] }).agents.length, 2);
  });

  it('refuses a name of 0 or more than 100 characters, a non-uuid id and an unknown icon', () => {
    assert.equal(rejects(agentSchema, { ...agent, name: '' }).message, 'Must not be empty');
    assert.equal(rejects(agentSchema, { ...agent, name: 'x'.repeat(101) }).message, 'Must not be longer than 100 characters');
    accepts(agentSchema, { ...agent, name: 'x'.repeat(100) });
    assert.equal(rejects(agentSchema, { ...agent, id: 'agent-1' }).message, 'Must be a UUID');
    assert.deepEqual(rejects(agentSchema, { ...agent, icon: 'unicorn' }).path, ['icon']);
  });

  it('create: trims, fills defaults and refuses blank instructions, unknown variables and unknown fields', () => {
    const created = accepts(createAgentRequestSchema, { name: '  Travel helper ', instructions: 'Be brief.' });
    assert.equal(created.name, 'Travel helper');
    assert.equal(created.description, '');
    assert.deepEqual(created.collection_ids, []);
    assert.deepEqual(rejects(createAgentRequestSchema, { name: 'A', instructions: '   ' }).path, ['instructions']);
    assert.equal(rejects(createAgentRequestSchema, { name: 'A', instructions: 'Hi {{weather}}' }).message, 'Unknown variable {{weather}}: use {{date}} or {{user_name}}');
    assert.equal(rejects(createAgentRequestSchema, { name: 'A', instructions: 'x', id: UUID_A }).message, 'Unrecognized key: "id"');
    assert.equal(
      rejects(createAgentRequestSchema, { name: 'A', instructions: 'x', description: 'd'.repeat(501) }).message,
      'Must not be longer than 500 characters',
    );
  });

  it('refuses empty, repeated or too many starter prompts and repeated collections, each at its index', () => {
    const base = { name: 'A', instructions: 'x' };
    assert.deepEqual(rejects(createAgentRequestSchema, { ...base, starter_prompts: ['Hallo', ' '] }).path, ['starter_prompts', 1]);
    const repeated = rejects(createAgentRequestSchema, { ...base, starter_prompts: ['Hallo', 'hallo'] });
    assert.deepEqual(repeated.path, ['starter_prompts', 1]);
    assert.equal(repeated.message, 'Must not repeat an earlier starter prompt');
    assert.equal(rejects(createAgentRequestSchema, { ...base, starter_prompts: Array.from({ length: 7 }, (_, i) => `p${i}`) }).message, 'Must not hold more than 6 starter prompts');
    assert.deepEqual(rejects(createAgentRequestSchema, { ...base, collection_ids: ['c', 'c'] }).path, ['collection_ids', 1]);
    assert.equal(rejects(createAgentRequestSchema, { ...base, temperature: 2.5 }).message, 'Must not be above 2');
    assert.deepEqual(rejects(createAgentRequestSchema, { ...base, server_ids: [UUID_B, UUID_B] }).path, ['server_ids', 1]);
  });

  it('update: the whole form with the version it is based on', () => {
    accepts(updateAgentRequestSchema, { name: 'New name', instructions: 'x', base_version: 2 });
    assert.deepEqual(rejects(updateAgentRequestSchema, { name: 'New name', instructions: 'x' }).path, ['base_version']);
  });

  it('finds the unknown variables of instructions once each, in order', () => {
    assert.deepEqual(unknownAgentVariables('{{date}} {{ city }} {{user_name}} {{city}} {{x}}'), ['city', 'x']);
  });
});
