import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentListResponseSchema, agentSchema, createAgentRequestSchema, updateAgentRequestSchema } from '../agents';
import { NOW, UUID_A, accepts, rejects } from './helpers';

const agent = {
  id: UUID_A,
  name: 'Travel helper',
  description: 'Answers travel policy questions',
  instructions: 'Answer from the travel policy only.',
  model_id: 'llama',
  collection_ids: ['handbook'],
  created_at: NOW,
  updated_at: NOW,
};

describe('agents', () => {
  it('accepts an agent and a list of them; model_id is optional', () => {
    const { model_id: _model, ...withoutModel } = agent;
    assert.equal(accepts(agentListResponseSchema, { agents: [agent, { ...withoutModel, description: '' }] }).agents.length, 2);
  });

  it('refuses a name of 0 or more than 100 characters and a non-uuid id', () => {
    assert.equal(rejects(agentSchema, { ...agent, name: '' }).message, 'Must not be empty');
    assert.equal(rejects(agentSchema, { ...agent, name: 'x'.repeat(101) }).message, 'Must not be longer than 100 characters');
    accepts(agentSchema, { ...agent, name: 'x'.repeat(100) });
    assert.equal(rejects(agentSchema, { ...agent, id: 'agent-1' }).message, 'Must be a UUID');
  });

  it('create: trims, fills defaults and refuses blank instructions or unknown fields', () => {
    const created = accepts(createAgentRequestSchema, { name: '  Travel helper ', instructions: 'Be brief.' });
    assert.deepEqual(created, { name: 'Travel helper', description: '', instructions: 'Be brief.', collection_ids: [] });
    assert.deepEqual(rejects(createAgentRequestSchema, { name: 'A', instructions: '   ' }).path, ['instructions']);
    assert.equal(rejects(createAgentRequestSchema, { name: 'A', instructions: 'x', id: UUID_A }).message, 'Unrecognized key: "id"');
    assert.equal(
      rejects(createAgentRequestSchema, { name: 'A', instructions: 'x', collection_ids: ['c', 'c'] }).message,
      'Must not hold the same collection twice',
    );
    assert.equal(
      rejects(createAgentRequestSchema, { name: 'A', instructions: 'x', description: 'd'.repeat(501) }).message,
      'Must not be longer than 500 characters',
    );
  });

  it('update: any subset, model_id null resets it, an empty patch is refused', () => {
    assert.deepEqual(accepts(updateAgentRequestSchema, { model_id: null }), { model_id: null });
    accepts(updateAgentRequestSchema, { name: 'New name', collection_ids: [] });
    assert.equal(rejects(updateAgentRequestSchema, {}).message, 'Name at least one field to change');
    assert.equal(rejects(updateAgentRequestSchema, { name: '' }).message, 'Must not be empty');
  });
});
