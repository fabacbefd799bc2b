import { randomUUID } from 'node:crypto';
import { REMEMBER_TOOL_NAME, type ToolEvent } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Tool } from '../tools/tool';
import type { MemoriesRepository } from './memories-repository';
import type { ChatMemory } from './memory-for-chat';
import { rememberRequest } from './remember-request';
import { MEMORY_FULL, rememberTool, rememberedContent } from './remember-tool';

/**
 * A message that speaks of remembering or forgetting in some way ("don't forget that …", "keep in
 * mind …", "Vergiss nicht, …", "notiere dir …"): only then is the model offered `remember`, so it
 * saves nothing the user did not ask for, and other messages carry no tool more.
 */
const MENTIONS_REMEMBERING = /\b(?:remember|memori[sz]e|memory|forget|keep in mind|note (?:that|down)|merk|gemerkt|vergiss|vergessen|erinner|notier|behalt|gedächtnis)/iu;

/** What memory adds to one answer of the user's own chat. */
export interface ExchangeMemory {
  /** Given to the model as the user's memories (build-prompt.ts withMemories). */
  facts: string[];
  /** The "Memory updated" step when the message asked explicitly: streamed and stored before the answer. */
  toolEvents: ToolEvent[];
  /** Offered to the model when the message did not ask explicitly (with tools on). */
  tool?: Tool | undefined;
}

/**
 * Memory for one message (docs/memory.md): off (undefined) unless the company and the user have
 * it on. A message that asks in so many words ("Remember that …", "Merke dir, dass …") is saved
 * here, before the model is asked, so it works with every model; the answer then knows it. A
 * request said differently is the model's to save with the `remember` tool (with tools on).
 */
export async function exchangeMemory(
  memories: MemoriesRepository,
  state: ChatMemory,
  request: { owner: string; message: string; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<ExchangeMemory | undefined> {
  if (!state.on) return undefined;
  const fact = rememberRequest(request.message);
  if (fact === undefined) {
    return { facts: state.facts, toolEvents: [], tool: MENTIONS_REMEMBERING.test(request.message) ? rememberTool({ memories, message: request.message }) : undefined };
  }
  const added = await memories.add(request.owner, fact, 'chat');
  const callId = randomUUID();
  const begin: ToolEvent = { call_id: callId, name: REMEMBER_TOOL_NAME, type: 'begin', args: { text: fact } };
  if (added === 'tooMany') return { facts: state.facts, toolEvents: [begin, { call_id: callId, name: REMEMBER_TOOL_NAME, type: 'error', message: MEMORY_FULL }] };
  if (added !== 'duplicate') request.log.info({ memoryId: added.id }, 'chat: memory saved');
  return {
    facts: added === 'duplicate' ? state.facts : [...state.facts, fact],
    toolEvents: [begin, { call_id: callId, name: REMEMBER_TOOL_NAME, type: 'end', content: rememberedContent(fact) }],
  };
}
