// The conversation's server data through the platform's query layer: the messages query (abort on
// leave, cached per history and conversation, refreshed in the background) and the models query.
import { qaResourceKeys } from '@assistant/endpoints';
import { createApiClients, queryClient, setApiClients, setPersistenceUser, useNotificationsStore } from '@assistant/platform';
import { keepPersistedAnswer } from '@assistant/platform/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { conversationKeys } from '../../../query-keys';
import { CONVERSATION, exchange, FakeChatHistory, MODELS, renderConversation, setModels, shownMessages } from './conversation-kit';

jest.setTimeout(20_000);

let resourceCalls = 0;
let resourceFailure = false;
let resourceHold: Promise<void> | undefined;
const server = setupServer(
  http.get('*/api/qa/resources', async () => {
    resourceCalls += 1;
    if (resourceHold) await resourceHold;
    if (resourceFailure) return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'down' }, { status: 500 });
    return HttpResponse.json({ collections: [], language_models: [{ id: 'mistral', name: 'Mistral', type: 'llm' }] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  useNotificationsStore.getState().clear();
  resourceCalls = 0;
  resourceFailure = false;
  resourceHold = undefined;
  setModels();
});
afterEach(async () => {
  jest.restoreAllMocks();
  await setPersistenceUser(null);
  localStorage.clear();
});

/** Models not loaded in this session; `persisted`: the signed-in user's list from an earlier one. */
async function modelsNotLoaded(persisted: typeof MODELS = []): Promise<void> {
  queryClient.removeQueries({ queryKey: qaResourceKeys.all });
  await setPersistenceUser('anna');
  if (persisted.length > 0) await keepPersistedAnswer('anna', qaResourceKeys.all, { collections: [], language_models: persisted });
}

describe('the conversation through the query layer', () => {
  it('aborts loading the messages when the conversation is left', async () => {
    const history = new FakeChatHistory(exchange('one', 'Hi', 'Hello'));
    history.listHold = new Promise(() => {});
    const view = renderConversation(history);
    expect(await screen.findByText('Loading the messages…')).toBeInTheDocument();
    await waitFor(() => expect(history.listSignals).toHaveLength(1));
    expect(history.listSignals[0]!.aborted).toBe(false);
    view.unmount();
    expect(history.listSignals[0]!.aborted).toBe(true);
  });

  it('shows a conversation seen before at once and refreshes it in the background', async () => {
    const history = new FakeChatHistory(exchange('one', 'Hi', 'Hello'));
    const first = renderConversation(history);
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Hi', 'A: Hello']));
    first.unmount();

    history.messages.push(...exchange('two', 'And now?', 'Still here.', 'one-a'));
    let release!: () => void;
    history.listHold = new Promise<void>((resolve) => (release = resolve));
    renderConversation(history);
    // The cached copy, without a loading state, while the new load runs.
    expect(shownMessages()).toEqual(['Q: Hi', 'A: Hello']);
    expect(screen.queryByText('Loading the messages…')).not.toBeInTheDocument();
    await waitFor(() => expect(history.listCalls).toBe(2));
    release();
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Hi', 'A: Hello', 'Q: And now?', 'A: Still here.']));
  });

  it('keeps the messages per history: another history with the same conversation id shows none of them', async () => {
    const serverHistory = new FakeChatHistory(exchange('one', 'On the server', 'Yes'));
    const first = renderConversation(serverHistory);
    await waitFor(() => expect(shownMessages()).toEqual(['Q: On the server', 'A: Yes']));
    first.unmount();

    const local = Object.assign(new FakeChatHistory([]), { scope: { kind: 'local', user: 'someone' } as const });
    local.listHold = new Promise(() => {});
    renderConversation(local);
    expect(shownMessages()).toEqual([]);
    expect(screen.getByText('Loading the messages…')).toBeInTheDocument();
    expect(queryClient.getQueryData(conversationKeys.messages(serverHistory.scope, CONVERSATION))).toHaveLength(2);
    expect(queryClient.getQueryData(conversationKeys.messages(local.scope, CONVERSATION))).toBeUndefined();
  });

  it('loads the models once per session, in the QA resources query the QA screen and the agent form read too', async () => {
    await modelsNotLoaded();
    const first = renderConversation(new FakeChatHistory([]));
    expect(await screen.findByRole('combobox', { name: 'Model' })).toHaveValue('mistral');
    expect(queryClient.getQueryData(qaResourceKeys.all)).toMatchObject({ language_models: [{ id: 'mistral' }] });
    first.unmount();
    renderConversation(new FakeChatHistory([]));
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('mistral');
    expect(resourceCalls).toBe(1);
  });

  it('takes the models the QA screens loaded in this session without asking again', async () => {
    renderConversation(new FakeChatHistory([]));
    expect(await screen.findByRole('combobox', { name: 'Model' })).toHaveValue('llama-3');
    expect(resourceCalls).toBe(0);
  });

  it('shows the models persisted from an earlier session while they load', async () => {
    let release!: () => void;
    resourceHold = new Promise<void>((resolve) => (release = resolve));
    await modelsNotLoaded(MODELS);
    renderConversation(new FakeChatHistory([]));
    expect(await screen.findByRole('combobox', { name: 'Model' })).toHaveValue('llama-3');
    await waitFor(() => expect(resourceCalls).toBe(1));
    release();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('mistral'));
  });

  it('says so when the models cannot be loaded, clears them and offers no model choice', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    await modelsNotLoaded(MODELS);
    resourceFailure = true;
    renderConversation(new FakeChatHistory([]));
    await waitFor(() =>
      expect(useNotificationsStore.getState().notifications.map((n) => n.message)).toEqual([{ key: 'QA_NOTIFICATIONS.load-collections-failed', ns: 'platform' }]),
    );
    expect(await screen.findByRole('heading', { name: 'Ask your first question' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
    // Cleared: the next page load starts without them either.
    expect(Object.keys(localStorage).filter((key) => key.includes('qa-resources'))).toEqual([]);
  });

  it('a finished answer reloads the messages query; a stopped one is kept without asking again', async () => {
    const user = userEvent.setup();
    const history = new FakeChatHistory([], { autoAnswer: null });
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Long story{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => history.streams[0]!.text('Once'));
    await screen.findByText(/Once/);
    await user.click(screen.getByRole('button', { name: 'Stop answer' }));
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Long story', 'A: Once']));
    expect(history.listCalls).toBe(1);

    history.autoAnswer = () => 'Short.';
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Short one{Enter}');
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Long story', 'A: Once', 'Q: Short one', 'A: Short.']));
    expect(history.listCalls).toBe(2);
    const cached = queryClient.getQueryData<{ content: string; status: string }[]>(conversationKeys.messages(history.scope, CONVERSATION));
    expect(cached?.map((m) => `${m.content}:${m.status}`)).toEqual(['Long story:complete', 'Once:stopped', 'Short one:complete', 'Short.:complete']);
  });
});
