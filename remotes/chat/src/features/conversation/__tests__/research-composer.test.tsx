import { addNamespace, setApiClients, createApiClients, resetServerState, useGatingStore, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RESEARCH, TOOL_SERVERS, ev, research, researchHandlers, resetResearch } from '../../../__tests__/research-kit';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { ConversationView } from '../components/conversation-view';
import { CONVERSATION, FakeChatHistory, exchange, message, renderConversation, setModels } from './conversation-kit';

jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5000 });

// The run's answers need uuids: the run's state names them (assistant_message_id).
const ASKING = '5a5a5a5a-0000-4000-8000-000000000001';
const REPORT = '5a5a5a5a-0000-4000-8000-000000000002';

const server = setupServer(...researchHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  setModels();
  resetResearch();
  useGatingStore.setState({ flags: { enableDeepResearch: true }, featureSet: 'BETA' });
});
afterEach(() => {
  resetResearch();
  useGatingStore.setState({ flags: {}, featureSet: '1' });
});

const box = () => screen.getByRole('textbox', { name: 'Your message' });

describe('the composer\'s deep research switch', () => {
  it('sends the next question as a deep research (once), said above the field', async () => {
    const history = new FakeChatHistory(exchange('one', 'Hello', 'Hi.'));
    renderConversation(history);
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Deep research' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(box()).toHaveAccessibleDescription(expect.stringContaining('Your next message starts a deep research'));
    await user.type(box(), 'How did the revenue develop?{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]).toMatchObject({ content: 'How did the revenue develop?', deep_research: true });
    expect(history.sent[0]).not.toHaveProperty('deep_research_id');
    // The switch is for one question.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Deep research' })).toHaveAttribute('aria-pressed', 'false'));
    await screen.findByRole('button', { name: 'Send' });
    await user.type(box(), 'Thanks{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(2));
    expect(history.sent[1]).not.toHaveProperty('deep_research');
  });

  it('is not offered when the flag is off', async () => {
    useGatingStore.setState({ flags: { enableDeepResearch: false }, featureSet: 'BETA' });
    renderConversation(new FakeChatHistory(exchange('one', 'Hello', 'Hi.')));
    await screen.findByText('Hi.');
    expect(screen.queryByRole('button', { name: 'Deep research' })).not.toBeInTheDocument();
  });

  it('answers a run\'s clarifying question with the next message (deep_research_id), said in the field', async () => {
    const [question] = exchange('one', 'How did the revenue develop?', '');
    const asking = message({ message_id: ASKING, role: 'assistant', content: 'Which year do you mean?', parent_message_id: 'one-q', research_id: RESEARCH });
    resetResearch({ status: 'awaiting_clarification', stage: 'clarification', assistant_message_id: ASKING, clarification: { question: 'Which year do you mean?', answer: null } }, [ev.start(), ev.clarification('Which year do you mean?')]);
    const history = new FakeChatHistory([question, asking]);
    renderConversation(history);
    // Only the run's current answer shows it (both may while the state loads).
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Deep research' })).toHaveLength(1));
    await within(screen.getByRole('region', { name: 'Deep research' })).findByText('Waiting for your answer');
    await waitFor(() => expect(box()).toHaveAttribute('placeholder', 'Answer the research question…'));
    expect(box()).toHaveAccessibleDescription(expect.stringContaining('Your message answers the research question above.'));
    expect(screen.queryByRole('button', { name: 'Deep research' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(box(), '2025{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]).toMatchObject({ content: '2025', deep_research: true, deep_research_id: RESEARCH, parent_message_id: ASKING });
  });

  it('regenerating a research answer starts a new research for the run\'s question', async () => {
    const [question] = exchange('one', 'How did the revenue develop?', '');
    const asking = message({ message_id: ASKING, role: 'assistant', content: 'Which year?', parent_message_id: 'one-q', research_id: RESEARCH });
    const reply = message({ message_id: 'two-q', role: 'user', content: '2025', parent_message_id: ASKING });
    const report = message({ message_id: REPORT, role: 'assistant', content: 'Revenue grew.', parent_message_id: 'two-q', research_id: RESEARCH });
    resetResearch({ status: 'completed', stage: 'end', assistant_message_id: REPORT, report: 'Revenue grew.', clarification: { question: 'Which year?', answer: '2025' } }, [ev.start(), ev.clarification('Which year?'), ev.end()]);
    research.ending = { kind: 'done' };
    const history = new FakeChatHistory([question, asking, reply, report]);
    renderConversation(history);
    // The earlier answer of the run shows its question as text; only the current one shows the run.
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Deep research' })).toHaveLength(1));
    await within(screen.getByRole('region', { name: 'Deep research' })).findByText('Completed');
    expect(screen.getAllByText('Which year?').length).toBeGreaterThan(0);
    const user = userEvent.setup();
    const regenerate = screen.getAllByRole('button', { name: 'Regenerate answer' });
    await user.click(regenerate.at(-1)!);
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]).toMatchObject({ content: 'How did the revenue develop?', parent_message_id: null, deep_research: true });
    expect(history.sent[0]).not.toHaveProperty('deep_research_id');
  });
});

describe('the tool-server picker', () => {
  it('offers the servers in a menu, shows the picked ones as chips and sends them with every question', async () => {
    const history = new FakeChatHistory([]);
    renderConversation(history);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Tools' });
    await user.click(button);
    await user.click(await screen.findByRole('checkbox', { name: 'Wiki' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Tools (1)' })).toHaveFocus();
    const chips = screen.getByRole('list', { name: 'Tools for this conversation' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Wiki']);
    await user.type(box(), 'Look it up{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]).toMatchObject({ server_ids: [TOOL_SERVERS[1]!.id] });
    await screen.findByRole('button', { name: 'Send' });
    await user.type(box(), 'Again{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(2));
    expect(history.sent[1]).toMatchObject({ server_ids: [TOOL_SERVERS[1]!.id] });
  });

  it('remembers the pick per conversation on the server: reopened, it shows the same servers and sends them; a failed save says so and shows the kept pick', async () => {
    research.picked.set(CONVERSATION, [TOOL_SERVERS[0]!.id]);
    const first = renderConversation(new FakeChatHistory(exchange('one', 'Hello', 'Hi.')));
    const user = userEvent.setup();
    // The pick kept by the server shows at once.
    const chips = () => screen.getByRole('list', { name: 'Tools for this conversation' });
    await waitFor(() => expect(within(chips()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([TOOL_SERVERS[0]!.name]));
    await user.click(screen.getByRole('button', { name: 'Tools (1)' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Wiki' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(research.pickSaves).toEqual([{ conversationId: CONVERSATION, serverIds: [TOOL_SERVERS[0]!.id, TOOL_SERVERS[1]!.id] }]));
    first.unmount();
    resetServerState();

    // Reopened (a reload, another browser): the same pick, sent with the question.
    const history = new FakeChatHistory(exchange('one', 'Hello', 'Hi.'));
    renderConversation(history);
    await waitFor(() => expect(within(chips()).getAllByRole('listitem')).toHaveLength(2));
    await user.type(box(), 'Look it up{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]).toMatchObject({ server_ids: [TOOL_SERVERS[0]!.id, TOOL_SERVERS[1]!.id] });

    // Removing one that cannot be saved: the user is told, and the kept pick shows again.
    research.pickRefusal = HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Storage is down' }, { status: 500 });
    await user.click(within(chips()).getByRole('button', { name: `Remove tool ${TOOL_SERVERS[0]!.name}` }));
    await waitFor(() => expect(research.pickSaves).toHaveLength(2));
    await waitFor(() => expect(useNotificationsStore.getState().notifications.map((n) => n.variant)).toContain('error'));
    await waitFor(() => expect(within(chips()).getAllByRole('listitem')).toHaveLength(2));
  });

  it('keeps a new conversation\'s pick until its first question created the conversation, then saves it there', async () => {
    const history = new FakeChatHistory([]);
    const created: string[] = [];
    addNamespace('chat', { de, en });
    renderWithProviders(<ConversationView history={history} conversationId={undefined} creation={{ create: async () => CONVERSATION, onCreated: (id) => created.push(id) }} />, { language: 'en' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tools' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Wiki' }));
    await user.keyboard('{Escape}');
    expect(research.pickSaves).toEqual([]);
    await user.type(box(), 'Look it up{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(created).toEqual([CONVERSATION]);
    expect(history.sent[0]).toMatchObject({ server_ids: [TOOL_SERVERS[1]!.id] });
    await waitFor(() => expect(research.pickSaves).toEqual([{ conversationId: CONVERSATION, serverIds: [TOOL_SERVERS[1]!.id] }]));
    expect(within(screen.getByRole('list', { name: 'Tools for this conversation' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Wiki']);
  });

  it('is not there outside the BETA feature set (nothing asked), nor when no server is registered', async () => {
    useGatingStore.setState({ flags: { enableDeepResearch: true }, featureSet: '251000' });
    const { unmount } = renderConversation(new FakeChatHistory(exchange('one', 'Hello', 'Hi.')));
    await screen.findByText('Hi.');
    expect(screen.queryByRole('button', { name: 'Tools' })).not.toBeInTheDocument();
    expect(research.toolServerReads).toBe(0);
    unmount();
    useGatingStore.setState({ flags: {}, featureSet: 'BETA' });
    research.toolServers = [];
    renderConversation(new FakeChatHistory(exchange('one', 'Hello', 'Hi.')));
    await waitFor(() => expect(research.toolServerReads).toBe(1));
    expect(screen.queryByRole('button', { name: 'Tools' })).not.toBeInTheDocument();
  });
});
