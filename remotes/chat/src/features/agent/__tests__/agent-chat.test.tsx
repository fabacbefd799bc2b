import 'fake-indexeddb/auto';
import type { Agent } from '@assistant/contracts';
import { useGatingStore } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, renderChat, resetChatState, signInAs } from '../../../__tests__/chat-kit';

jest.setTimeout(20_000);

const AGENT_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const agent: Agent = {
  id: AGENT_ID,
  name: 'Reisehelfer',
  description: 'Beantwortet Fragen zur Reiserichtlinie',
  instructions: 'Antworte aus der Reiserichtlinie.',
  starter_prompts: ['Wie hoch ist die Tagespauschale?', 'Darf ich erste Klasse fahren?'],
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

const server = setupServer(
  http.get(`*/api/agents/${AGENT_ID}`, () => HttpResponse.json(agent)),
  ...handlers(),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const sent = (path: string) => backend.requests.filter((request) => request.path.endsWith(path)).map((request) => request.body as Record<string, unknown>);

describe('chatting with an agent', () => {
  it('introduces the agent with its starter prompts; a chip asks it with the agent as personality, and the agent stays named', async () => {
    resetChatState();
    useGatingStore.setState({ flags: { enableDeepResearch: true } });
    renderChat(`/chat?agent=${AGENT_ID}`);
    const intro = await screen.findByRole('region', { name: 'Reisehelfer' });
    expect(within(intro).getByText('Beantwortet Fragen zur Reiserichtlinie')).toBeTruthy();
    const starters = within(intro).getByRole('list', { name: 'Suggestions to start with' });
    await userEvent.click(within(starters).getByRole('button', { name: 'Wie hoch ist die Tagespauschale?' }));
    await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Answer to Wie hoch ist die Tagespauschale?');
    const [first] = sent('/messages/v2');
    expect(first).toMatchObject({ content: 'Wie hoch ist die Tagespauschale?', personality: AGENT_ID });
    // The agent answers with its own model: none is named unless the user picks one.
    expect(first).not.toHaveProperty('reasoning_model_override');
    expect(await screen.findByText('Conversation with the agent Reisehelfer')).toBeTruthy();
    // Deep research is not offered with an agent (the server refuses it there).
    expect(screen.queryByRole('button', { name: 'Deep research' })).toBeNull();
  });

  it('names the agent of a conversation reopened from the list', async () => {
    const made = { ...conversation({ name: 'Reise' }), agent_id: AGENT_ID };
    resetChatState([made]);
    renderChat(`/chat/${made.id}`);
    expect(await screen.findByRole('region', { name: 'Reisehelfer' })).toBeTruthy();
  });

  it('keeps the agent of a browser-kept conversation and sends it with every message', async () => {
    resetChatState([], { local: true });
    signInAs('agent-user');
    renderChat(`/chat?agent=${AGENT_ID}`);
    const intro = await screen.findByRole('region', { name: 'Reisehelfer' });
    await userEvent.click(within(intro).getByRole('button', { name: 'Darf ich erste Klasse fahren?' }));
    await screen.findByText(/Darf ich erste Klasse fahren\?/, { selector: '.conversation__message--answer *' });
    const composer = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(composer, 'Und mit dem Flugzeug?{Enter}');
    await waitFor(() => expect(sent('/api/chat/stream')).toHaveLength(2));
    const payloads = sent('/api/chat/stream').map((body) => (body as { payload: Record<string, unknown> }).payload);
    expect(payloads.map((payload) => payload.personality)).toEqual([AGENT_ID, AGENT_ID]);
  });
});
