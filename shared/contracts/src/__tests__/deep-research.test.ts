import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deepResearchEventSchema } from '../deep-research';
import { accepts, rejects } from './helpers';

const research_id = 'dr-1';

describe('deep research events', () => {
  it('accepts one event of every stage', () => {
    const events = [
      { research_id, stage: 'start' },
      { research_id, stage: 'clarification', content: 'Which region do you mean?' },
      { research_id, stage: 'planning', title: 'EU battery rules', plan: [{ task_id: 't1', content: 'Find the regulation' }] },
      { research_id, stage: 'execution', task_id: 't1', task_status: 'pending' },
      {
        research_id,
        stage: 'execution',
        task_id: 't1',
        task_status: 'in_progress',
        tool_name: 'web_search',
        capability: 'web search',
        tool_call_id: 'call-1',
        args_json: '{"query":"EU battery regulation"}',
      },
      { research_id, stage: 'generation', content: '## Summary' },
      { research_id, stage: 'end' },
    ];
    assert.deepEqual(
      events.map((event) => accepts(deepResearchEventSchema, event).stage),
      ['start', 'clarification', 'planning', 'execution', 'execution', 'generation', 'end'],
    );
  });

  it('refuses an unknown stage and an unknown task status', () => {
    const stage = rejects(deepResearchEventSchema, { research_id, stage: 'review' });
    assert.equal(stage.message, 'Must be one of start, clarification, planning, execution, generation, end');
    assert.deepEqual(stage.path, ['stage']);
    const status = rejects(deepResearchEventSchema, { research_id, stage: 'execution', task_id: 't1', task_status: 'skipped' });
    assert.equal(status.message, 'Must be one of pending, begin, in_progress, done, failed');
  });

  it('refuses a missing research id, a planning event without plan, and args that are not JSON', () => {
    assert.deepEqual(rejects(deepResearchEventSchema, { research_id: '', stage: 'start' }).path, ['research_id']);
    assert.deepEqual(rejects(deepResearchEventSchema, { research_id, stage: 'planning', title: 'x' }).path, ['plan']);
    const args = rejects(deepResearchEventSchema, { research_id, stage: 'execution', task_id: 't1', task_status: 'begin', args_json: '{query:' });
    assert.equal(args.message, 'Must be JSON text');
    assert.deepEqual(args.path, ['args_json']);
  });

  it('requires content on clarification and generation', () => {
    assert.deepEqual(rejects(deepResearchEventSchema, { research_id, stage: 'generation' }).path, ['content']);
    assert.deepEqual(rejects(deepResearchEventSchema, { research_id, stage: 'clarification' }).path, ['content']);
  });
});
