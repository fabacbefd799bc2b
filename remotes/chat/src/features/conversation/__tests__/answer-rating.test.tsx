import { APP_VERSION, type Agent, type Message } from '@assistant/contracts';
import { answerRatingHandlers } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, nextId, renderChat, resetChatState } from '../../../__tests__/chat-kit';

jest.setTimeout(20_000);

const AGENT_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const agent: Agent = {
  id: AGENT_ID,
  name: 'Reisehelfer',
  description: 'Beantwortet Fragen zur Reiserichtlinie',
  instructions: 'Antworte aus der Reiserichtlinie.',
  starter_prompts: [],
  collection_ids: [],
  tools: [],
  server_ids: [],
  icon: 'briefcase',
  version: 1,
  visibility: 'company',
  editable: false,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};

const { handlers: ratingHandlers, ratings } = answerRatingHandlers();
const server = setupServer(
  http.get(`*/api/agents/${AGENT_ID}`, () => HttpResponse.json(agent)),
  ...ratingHandlers,
  ...handlers(),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => ratings.reset());

/** A stored conversation with one question and its answer by `scripted-model`. */
function storedExchange(overrides: { agent_id?: string } = {}) {
  const made = { ...conversation({ name: 'Reisekosten' }), ...overrides };
  const question: Message = { message_id: nextId(), conversation_id: made.id, parent_message_id: null, role: 'user', content: 'When are travel costs paid?', created_at: made.created_at, status: 'complete' };
  const answer: Message = {
    message_id: nextId(),
    conversation_id: made.id,
    parent_message_id: question.message_id,
    role: 'assistant',
    content: 'Within **30 days**.',
    created_at: made.created_at,
    status: 'complete',
    model: 'scripted-model',
  };
  resetChatState([made]);
  backend.messages.set(made.id, [question, answer]);
  return { made, answer };
}

// The kit's words are German here: the host's UiTextsProvider is not around the remote in these tests.
const answerArticle = async () => within(await screen.findByRole('list', { name: 'Messages' })).findByRole('article', { name: 'Answer' });

describe('rating a chat answer', () => {
  it("rates the answer with its message, conversation and model as the chat's; the texts go along only when shared", async () => {
    const { made, answer } = storedExchange();
    renderChat(`/chat/${made.id}`);
    const article = await answerArticle();
    await userEvent.click(await within(article).findByRole('button', { name: 'Schlechte Antwort' }));
    await waitFor(() => expect(ratings.puts).toHaveLength(1));
    // Read with the conversation's ratings (and again once saved).
    expect(new Set(ratings.asked)).toEqual(new Set([`?conversation_id=${made.id}`]));
    expect(ratings.puts[0]).toEqual({
      target_kind: 'chat_message',
      target_id: answer.message_id,
      conversation_id: made.id,
      feature: 'chat',
      model: 'scripted-model',
      rating: 'down',
      reasons: [],
      share_with_admins: false,
      ui_version: APP_VERSION,
    });

    await userEvent.click(within(article).getByRole('button', { name: 'Unvollständig' }));
    await userEvent.click(within(article).getByRole('checkbox', { name: 'Diese Unterhaltung mit den Administratoren teilen' }));
    await userEvent.click(within(article).getByRole('button', { name: 'Rückmeldung senden' }));
    await waitFor(() => expect(ratings.puts).toHaveLength(2));
    expect(ratings.puts[1]).toMatchObject({
      rating: 'down',
      reasons: ['incomplete'],
      share_with_admins: true,
      question_text: 'When are travel costs paid?',
      answer_text: 'Within **30 days**.',
    });
  });

  it("rates an agent's answer as the agent's, and shows the rating saved before", async () => {
    const { made, answer } = storedExchange({ agent_id: AGENT_ID });
    ratings.stored = [{ target_kind: 'chat_message', target_id: answer.message_id, conversation_id: made.id, rating: 'up', reasons: [], comment: null, share_with_admins: false, updated_at: made.created_at }];
    renderChat(`/chat/${made.id}`);
    const article = await answerArticle();
    const good = await within(article).findByRole('button', { name: 'Gute Antwort' });
    await waitFor(() => expect(good).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(within(article).getByRole('button', { name: 'Schlechte Antwort' }));
    await waitFor(() => expect(ratings.puts).toHaveLength(1));
    expect(ratings.puts[0]).toMatchObject({ target_id: answer.message_id, feature: 'agents', agent_id: AGENT_ID, rating: 'down' });
    expect(ratings.puts[0]).not.toHaveProperty('question_text');
  });
});
