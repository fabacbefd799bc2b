import { AGENT_ERRORS, type AgentTool, type ApiErrorCode, type MessagePayload } from '@assistant/contracts';
import type { Viewer } from '../auth/principal';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import { questionLanguage } from '../grounding/grounded-prompt';
import { readableCollections } from './agent-references';
import { agentSystemNote, agentVariables, fillAgentInstructions } from './agent-instructions';
import type { AgentsRepository, StoredAgent } from './agents-repository';

/** What an agent changes about one answer (docs/agents.md "Chat with an agent"). */
export interface AgentForAnswer {
  agent: StoredAgent;
  /** Its instructions, variables filled, as the note added to the system prompt. */
  systemNote: string;
  /** Its collections the user may read now (the others are left out). */
  collectionIds: string[];
  /** Its collections left out because the user may not read them (any more). */
  unreadableCollectionIds: string[];
  tools: AgentTool[];
  serverIds: string[];
}

export interface AgentRefusal {
  status: 404 | 409;
  code: ApiErrorCode;
  message: string;
}

/**
 * The agent a message is answered by, checked before anything is stored or asked:
 *
 * - The conversation remembers its agent: the first message's `personality` sets it; later
 *   messages may leave it out (the remembered one answers) or name the same one.
 * - Naming another agent, or naming one in a conversation that already has messages without an
 *   agent, is a 409 conflict (start a new conversation): the earlier answers came from other
 *   instructions, so the switch would mislead.
 * - An agent the user may not read (deleted, another user's, unpublished) is a 404.
 *
 * `setAgent` is the agent to remember on the conversation (a first message), else undefined.
 */
export async function resolveAnswerAgent(
  deps: { agents: AgentsRepository; collections: CollectionsRepository },
  input: {
    viewer: Viewer;
    userName: string | undefined;
    /** The agent the conversation is with so far (AgentsRepository.conversationAgent; null: none). */
    current: string | null;
    payload: Pick<MessagePayload, 'personality' | 'content'>;
    /** Whether the conversation has messages already (prepareExchange). */
    hasMessages: boolean;
    now?: Date;
  },
): Promise<{ answer: AgentForAnswer | undefined; setAgent: string | undefined } | { refusal: AgentRefusal }> {
  const { viewer, payload, current } = input;
  const requested = payload.personality;
  if (requested !== undefined && requested !== current && input.hasMessages) {
    const { statusCode, code, message } = AGENT_ERRORS.otherAgent;
    return { refusal: { status: statusCode, code, message } };
  }
  const agentId = requested ?? current;
  if (agentId === null) return { answer: undefined, setAgent: undefined };
  const agent = await deps.agents.find(viewer, agentId);
  if (!agent) {
    const { statusCode, code, message } = AGENT_ERRORS.agentNotFound;
    return { refusal: { status: statusCode, code, message } };
  }
  const readable = new Set((await readableCollections(deps.collections, viewer, agent.collection_ids)).map((collection) => collection.id));
  const values = agentVariables({ language: questionLanguage(payload.content), userName: input.userName, now: input.now });
  return {
    answer: {
      agent,
      systemNote: agentSystemNote(agent.name, fillAgentInstructions(agent.instructions, values)),
      collectionIds: agent.collection_ids.filter((id) => readable.has(id)),
      unreadableCollectionIds: agent.collection_ids.filter((id) => !readable.has(id)),
      tools: agent.tools,
      serverIds: agent.server_ids,
    },
    setAgent: requested !== undefined && requested !== current ? requested : undefined,
  };
}
