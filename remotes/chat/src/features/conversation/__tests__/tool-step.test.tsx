import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useGatingStore } from '@assistant/platform';
import { retrievalEvents } from '../../../__tests__/grounded-kit';
import { FakeChatHistory, liveRegion, renderConversation, setModels } from './conversation-kit';

jest.setTimeout(20_000);

beforeEach(() => setModels());

describe('the tool step of a streaming answer', () => {
  it('says the documents are being searched, then how many were searched, before the answer text (en and de)', async () => {
    for (const [language, running, searched] of [
      ['en', 'Searching the documents…', 'Searched 2 documents'],
      ['de', 'Dokumente werden durchsucht…', '2 Dokumente durchsucht'],
    ] as const) {
      const history = new FakeChatHistory([], { autoAnswer: null });
      const user = userEvent.setup();
      const view = renderConversation(history, { language });
      const field = await screen.findByRole('textbox', { name: language === 'en' ? 'Your message' : 'Ihre Nachricht' });
      await user.type(field, 'What grew?{Enter}');
      await waitFor(() => expect(history.streams).toHaveLength(1));
      const stream = history.streams[0]!;
      const [begin, end] = retrievalEvents();
      act(() => stream.push({ kind: 'tool', event: begin! }));
      const answer = await screen.findByRole('article', { name: language === 'en' ? 'Answer' : 'Antwort' });
      await waitFor(() => expect(within(answer).getByText(running)).toBeInTheDocument());
      act(() => stream.push({ kind: 'tool', event: end! }));
      await waitFor(() => expect(within(answer).getByText(searched)).toBeInTheDocument());
      act(() => stream.text('It grew [1].'));
      await waitFor(() => expect(answer).toHaveTextContent('It grew [1].'));
      // The step comes before the answer's text.
      const step = within(answer).getByText(searched).closest('details')!;
      expect(step.compareDocumentPosition(within(answer).getByText('It grew [1].')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      // Stopped here: a stopped answer asks for no sources.
      await user.keyboard('{Escape}');
      await waitFor(() => expect(liveRegion()).toHaveTextContent(language === 'en' ? 'Answer stopped' : 'Antwort angehalten'));
      view.unmount();
    }
  });

  it('says so when the search failed', async () => {
    const history = new FakeChatHistory([], { autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'What grew?{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() =>
      history.streams[0]!.push(
        { kind: 'tool', event: { call_id: 'c', name: 'search_documents', type: 'begin' } },
        { kind: 'tool', event: { call_id: 'c', name: 'search_documents', type: 'error', message: 'The search index is not reachable.' } },
      ),
    );
    const summary = await screen.findByText('The document search failed');
    await user.click(summary);
    expect(summary.closest('details')).toHaveTextContent('The search failed: The search index is not reachable.');
    await user.keyboard('{Escape}');
  });

  it('shows a saved memory as the "Memory updated" note with a link to the memory page, not as a step', async () => {
    useGatingStore.setState({ flags: { enableMemory: true } });
    const history = new FakeChatHistory([], { autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Remember that I work in procurement{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => history.streams[0]!.push({ kind: 'tool', event: { call_id: 'm', name: 'remember', type: 'begin', args: { text: 'I work in procurement' } } }));
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await waitFor(() => expect(within(answer).getByText('Updating memory…')).toBeInTheDocument());
    act(() => history.streams[0]!.push({ kind: 'tool', event: { call_id: 'm', name: 'remember', type: 'end', content: [{ type: 'text', text: 'I work in procurement', source_index: 0 }] } }));
    await waitFor(() => expect(within(answer).getByText('Memory updated')).toBeInTheDocument());
    expect(within(answer).getByRole('link', { name: 'Manage memories' })).toHaveAttribute('href', '/memory');
    expect(within(answer).queryByText(/Used remember/)).toBeNull();
    act(() => history.streams[0]!.done());
    useGatingStore.setState({ flags: {} });
  });

  it('shows any other tool as a step of its own, named by the tool, with its result as text', async () => {
    const history = new FakeChatHistory([], { autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Weather?{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    const [begin, end] = retrievalEvents();
    act(() =>
      history.streams[0]!.push(
        { kind: 'tool', event: begin! },
        { kind: 'tool', event: end! },
        { kind: 'tool', event: { call_id: 'w', name: 'web_search', type: 'begin' } },
      ),
    );
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await waitFor(() => expect(within(answer).getByText('Using web_search…')).toBeInTheDocument());
    expect(within(answer).getByText('Searched 2 documents')).toBeInTheDocument();
    act(() => history.streams[0]!.push({ kind: 'tool', event: { call_id: 'w', name: 'web_search', type: 'end', content: [{ type: 'text', text: '<b>Sunny</b> in Lisbon', source_index: 3 }] } }));
    const summary = await within(answer).findByText('Used web_search');
    await user.click(summary);
    // Shown as text, never as markup.
    expect(summary.closest('details')).toHaveTextContent('<b>Sunny</b> in Lisbon');
    await user.keyboard('{Escape}');
  });
});
