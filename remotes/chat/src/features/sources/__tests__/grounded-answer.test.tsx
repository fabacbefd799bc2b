import type { Message } from '@assistant/contracts';
import { setApiClients } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import {
  PERSONAL,
  POLICY_ORIGINAL,
  grounded,
  groundedHandlers,
  notReady,
  resetGrounded,
  retrievalEvents,
  sourcesFailed,
  sourcesReady,
} from '../../../__tests__/grounded-kit';

jest.setTimeout(30_000);

const resources = http.get('*/api/qa/resources', () =>
  HttpResponse.json({ collections: [PERSONAL], language_models: [{ id: 'scripted-model', name: 'scripted-model', type: 'llm' }] }),
);
const server = setupServer(resources, ...groundedHandlers(), ...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  resetChatState();
  resetGrounded();
  // jsdom has no canvas; axe asks for one to tell icon ligatures from text (there are none here).
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

const liveRegion = () => document.querySelector('.conversation [role="status"][aria-live="polite"]') as HTMLElement;
const answers = () => screen.getAllByRole('article', { name: 'Answer' });

/** A stored conversation with one grounded exchange (the answer keeps its tool events). */
function storedGroundedConversation() {
  const made = conversation({ name: 'Revenue' });
  resetChatState([made]);
  const question: Message = { message_id: '7c1d2e3f-4a5b-4c6d-8e7f-a00000000001', conversation_id: made.id, parent_message_id: null, role: 'user', content: 'How did the revenue develop?', created_at: '2026-03-05T14:30:00.000Z', status: 'complete' };
  const answer: Message = { ...question, message_id: '7c1d2e3f-4a5b-4c6d-8e7f-a00000000002', parent_message_id: question.message_id, role: 'assistant', content: 'It grew [1].', tool_events: retrievalEvents() };
  backend.messages.set(made.id, [question, answer]);
  return { made, answer };
}

async function askWithCollection(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: 'Start a conversation' });
  await user.click(screen.getByRole('button', { name: 'Collections' }));
  await user.click(await screen.findByRole('checkbox', { name: 'My notes' }));
  await user.keyboard('{Escape}');
  await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'How did the revenue develop?{Enter}');
}

describe('a grounded answer', () => {
  it('shows the retrieval as a folded step, then the sources after polling (409, then 200), supporting and conflicting, and announces them', async () => {
    grounded.sourcesAnswers = [notReady];
    const user = userEvent.setup();
    await renderChat('/chat');
    await askWithCollection(user);

    const answer = await waitFor(() => {
      const [found] = answers();
      expect(found).toHaveTextContent('The revenue grew by 12 percent [1]');
      return found!;
    });
    // The tool step: folded, names how many documents were searched, lists them when opened.
    const step = within(answer).getByText('Searched 2 documents').closest('details')!;
    expect(step).not.toHaveAttribute('open');
    await user.click(within(step).getByText('Searched 2 documents'));
    const documents = within(step).getByRole('list', { name: 'Documents found' });
    expect(within(documents).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Annual report 4 pages · cited as [1] [3]',
      'Travel policy 1 page · cited as [2]',
    ]);

    // Sources: computing while the server says not ready, then grouped.
    const sources = within(answer).getByRole('region', { name: 'Sources' });
    expect(sources).toHaveTextContent('Finding the sentences in the documents that back the answer…');
    expect(sources).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(grounded.sourcesCalls.filter((call) => call.startsWith('GET')).length).toBeGreaterThanOrEqual(3));
    expect(sources).toHaveTextContent('Finding the sentences in the documents that back the answer…');
    grounded.sourcesAnswers = [sourcesReady()];
    const supporting = await within(sources).findByRole('region', { name: 'Supporting (1)' }, { timeout: 5000 });
    const conflicting = within(sources).getByRole('region', { name: 'Conflicting (1)' });
    expect(supporting).toHaveTextContent('[1]Annual report.docxp. 1Supports the answer');
    expect(conflicting).toHaveTextContent('[2]Travel policy.txtp. 1Contradicts the answer');
    // The judged sentences are marked.
    expect([...supporting.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['The revenue grew by 12 percent in 2025.']);
    expect([...conflicting.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['The revenue fell in 2025.']);
    await waitFor(() => expect(liveRegion()).toHaveTextContent('2 sources are ready.'));

    // One trigger, then GET every 2 s (here shortened) until it succeeded, and nothing after.
    const messageId = backend.messages.get(backend.conversations[0]!.id)![1]!.message_id;
    const calls = [...grounded.sourcesCalls];
    expect(calls[0]).toBe(`POST ${messageId}`);
    expect(new Set(calls.slice(1))).toEqual(new Set([`GET ${messageId}`]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(grounded.sourcesCalls).toEqual(calls);
  });

  it('opens a source in the shared document preview with the cited characters marked, and returns the focus', async () => {
    const { made } = storedGroundedConversation();
    grounded.sourcesAnswers = [sourcesReady()];
    const user = userEvent.setup();
    await renderChat(`/chat/${made.id}`);
    const open = await screen.findByRole('button', { name: 'Show in document: source 2, Travel policy.txt' });
    // The policy came from a document library: it also links to its original there; the report does not.
    const original = screen.getByRole('link', { name: 'Open the original: source 2, Travel policy.txt, in its library (new tab)' });
    expect(original).toHaveAttribute('href', POLICY_ORIGINAL);
    expect(original).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /source 1/ })).not.toBeInTheDocument();
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Travel policy.txt · p. 1' });
    const preview = await within(dialog).findByRole('region', { name: 'Travel policy.txt' });
    await waitFor(() => expect([...preview.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['The revenue fell in 2025.']));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it('shows the tool step of a stored answer after a reload, and says when the sources failed or there are none', async () => {
    const { made } = storedGroundedConversation();
    grounded.sourcesAnswers = [sourcesFailed];
    const first = await renderChat(`/chat/${made.id}`, 'de');
    await screen.findByText('Die Quellen konnten nicht ermittelt werden.');
    // Shown again (the conversation left and opened again): no second trigger by itself.
    first.unmount();
    await renderChat(`/chat/${made.id}`, 'de');
    const [answer] = await screen.findAllByRole('article', { name: 'Antwort' });
    expect(within(answer!).getByText('2 Dokumente durchsucht')).toBeInTheDocument();
    expect(await within(answer!).findByText('Die Quellen konnten nicht ermittelt werden.')).toBeInTheDocument();
    // A failure is not asked again by itself; the user may ask once more (the trigger, then the polling).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(grounded.sourcesCalls.filter((call) => call.startsWith('POST'))).toHaveLength(1);
    grounded.sourcesAnswers = [sourcesReady()];
    await userEvent.setup().click(within(answer!).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(answer!).findByRole('region', { name: 'Belegend (1)' })).toBeInTheDocument();
    expect(grounded.sourcesCalls.filter((call) => call.startsWith('POST'))).toHaveLength(2);
  });

  it('shows a long source as an excerpt around its marks, and all of it on request', async () => {
    const { made } = storedGroundedConversation();
    const filler = (word: string) => Array.from({ length: 60 }, (_, i) => `${word}${i}`).join(' ');
    const key = 'The revenue grew by 12 percent in 2025.';
    const text = `${filler('before')}\n${key}\n${filler('after')}`;
    const start = text.indexOf(key);
    grounded.sourcesAnswers = [
      sourcesReady({
        trace_id: 't',
        highlighted_sources: [{ supporting: [{ source_index: 0, text, highlights: [{ start, end: start + key.length, relevancy: 1 }], source_name: 'Annual report.docx' }], conflicting: [] }],
      }),
    ];
    const user = userEvent.setup();
    await renderChat(`/chat/${made.id}`);
    const supporting = await screen.findByRole('region', { name: 'Supporting (1)' });
    const quote = supporting.querySelector('blockquote')!;
    expect(quote.querySelector('mark')).toHaveTextContent(key);
    expect(quote.textContent).toMatch(/^… /);
    expect(quote.textContent).not.toContain('before0 ');
    // The printed line wraps read as spaces.
    expect(quote.textContent).toContain(` ${key} `);
    const more = within(supporting).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(quote.textContent).toContain('before0 ');
    expect(within(supporting).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says when no passage backs or contradicts the answer', async () => {
    const { made } = storedGroundedConversation();
    grounded.sourcesAnswers = [sourcesReady({ trace_id: 't', highlighted_sources: [{ supporting: [], conflicting: [] }] })];
    await renderChat(`/chat/${made.id}`);
    expect(await screen.findByText('No passage of the documents backs or contradicts this answer.')).toBeInTheDocument();
  });

  it('asks for no sources for an answer that searched nothing', async () => {
    await renderChat('/chat');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Start a conversation' });
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Hello{Enter}');
    await waitFor(() => expect(answers()[0]).toHaveTextContent('Answer to Hello'));
    expect(screen.queryByRole('region', { name: 'Sources' })).not.toBeInTheDocument();
    expect(grounded.sourcesCalls).toEqual([]);
  });

  it('has no axe violations with attachments, collections, the tool step and the sources', async () => {
    const { made } = storedGroundedConversation();
    grounded.sourcesAnswers = [sourcesReady()];
    const user = userEvent.setup();
    await renderChat(`/chat/${made.id}`);
    await screen.findByRole('region', { name: 'Supporting (1)' });
    await user.click(screen.getByText('Searched 2 documents'));
    await user.click(screen.getByRole('button', { name: 'Collections' }));
    await user.click(await screen.findByRole('checkbox', { name: 'My notes' }));
    const result = await axe.run(document, {
      rules: Object.fromEntries(
        ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable', 'document-title', 'html-has-lang', 'region', 'page-has-heading-one'].map((id) => [id, { enabled: false }]),
      ),
    });
    expect(result.passes.length).toBeGreaterThan(10);
    expect(result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
  });
});
