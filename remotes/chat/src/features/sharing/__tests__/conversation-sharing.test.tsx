import 'fake-indexeddb/auto';
import type { ConversationSnapshot, Message } from '@assistant/contracts';
import { setApiClients } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiError, backend, conversation, handlers, nextId, notificationTexts, renderChat, resetChatState, signInAs } from '../../../__tests__/chat-kit';

/** What the fake sharing API holds and was asked. */
const sharing = {
  snapshots: new Map<string, ConversationSnapshot | 'revoked'>(),
  uploads: [] as unknown[],
  puts: [] as { id: string; body: unknown }[],
  deletes: [] as string[],
  continued: [] as string[],
  shared: new Set<string>(),
};

const snapshotId = '5a1b2c3d-4e5f-4a6b-8c7d-000000000001';
const SNAPSHOT: ConversationSnapshot = {
  id: snapshotId,
  title: 'Lisbon trip',
  owner: { sub: 'maria', name: 'Maria Muster' },
  is_owner: false,
  kept_in_browser: false,
  include_attachments: true,
  taken_at: '2026-11-20T09:30:00.000Z',
  messages: [
    { role: 'user', content: 'When do trams run?', status: 'complete', created_at: '2026-11-20T09:00:00.000Z', attachments: [{ file_id: nextId(), name: 'notes.txt' }] },
    {
      role: 'assistant',
      content: 'Every **ten** minutes [1]. <img src=x onerror="alert(1)">',
      status: 'complete',
      created_at: '2026-11-20T09:00:05.000Z',
      model: 'llama-3',
      sources: [
        {
          supporting: [{ source_index: 0, text: 'Trams run every ten minutes in spring.', highlights: [{ start: 0, end: 5, relevancy: 0.9 }], source_name: 'Lisbon.pdf', source_label: 'p. 2' }],
          conflicting: [],
        },
      ],
    },
  ],
};

const server = setupServer(
  ...handlers(),
  http.get('*/api/shared/conversations/:id', ({ params }) => {
    const found = sharing.snapshots.get(String(params.id));
    return found && found !== 'revoked' ? HttpResponse.json(found) : apiError(404, 'No such shared conversation');
  }),
  http.post('*/api/shared/conversations/:id/continue', ({ params }) => {
    sharing.continued.push(String(params.id));
    const copy = conversation({ name: 'Lisbon trip', updated_at: new Date().toISOString() });
    backend.conversations.push(copy);
    return HttpResponse.json(copy, { status: 201 });
  }),
  http.post('*/api/shared/conversations', async ({ request }) => {
    sharing.uploads.push(await request.json());
    return HttpResponse.json({ id: snapshotId }, { status: 201 });
  }),
  http.get('*/api/shares/conversation/:id', ({ params }) =>
    HttpResponse.json({
      shares: sharing.shared.has(String(params.id)) ? [{ target: { type: 'user', id: 'tom', name: 'Tom Kollege' }, role: 'view', shared_by: { sub: 'me', name: 'Me' }, created_at: '2026-11-20T09:30:00.000Z', updated_at: '2026-11-20T09:30:00.000Z' }] : [],
      can_share_with_company: false,
      include_attachments: false,
    }),
  ),
  http.put('*/api/shares/conversation/:id', async ({ request, params }) => {
    const body = await request.json();
    sharing.puts.push({ id: String(params.id), body });
    sharing.shared.add(String(params.id));
    return HttpResponse.json({ shares: [], can_share_with_company: false, include_attachments: true });
  }),
  http.delete('*/api/shares/conversation/:id', ({ params }) => {
    sharing.deletes.push(String(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
  http.get('*/api/directory/people', () => HttpResponse.json({ people: [{ sub: 'tom', name: 'Tom Kollege', email: 'tom@example.com' }] })),
  http.get('*/api/directory/groups', () => HttpResponse.json({ groups: [] })),
  http.get('*/api/shared-with-me', () => HttpResponse.json({ items: [], unseen: 0, last_seen_at: null })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

function reset(options: { local?: boolean } = {}) {
  resetChatState([], options);
  sharing.snapshots = new Map([[snapshotId, SNAPSHOT]]);
  sharing.uploads = [];
  sharing.puts = [];
  sharing.deletes = [];
  sharing.continued = [];
  sharing.shared = new Set();
}

function messagesOf(conversationId: string): Message[] {
  const question = nextId();
  return [
    { message_id: question, conversation_id: conversationId, parent_message_id: null, role: 'user', content: 'When do trams run?', created_at: '2026-11-20T09:00:00.000Z', status: 'complete' },
    { message_id: nextId(), conversation_id: conversationId, parent_message_id: question, role: 'assistant', content: 'Every ten minutes.', created_at: '2026-11-20T09:00:05.000Z', status: 'complete', model: 'scripted-model' },
  ];
}

describe('sharing the open conversation', () => {
  beforeEach(() => reset());

  it('offers "Share" for an open conversation only, and shares it with a colleague, with the attachments when ticked', async () => {
    const user = userEvent.setup();
    const open = conversation({ name: 'Lisbon trip', updated_at: new Date().toISOString() });
    resetChatState([open]);
    backend.messages.set(open.id, messagesOf(open.id));
    await renderChat('/chat');
    await screen.findByRole('link', { name: 'Lisbon trip' });
    expect(screen.queryByRole('button', { name: /^Share/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Lisbon trip' }));
    await user.click(await screen.findByRole('button', { name: 'Share “Lisbon trip”' }));
    // The UI kit's dialog speaks the host's language (German without the host's UiTextsProvider, as here).
    const dialog = await screen.findByRole('dialog', { name: '„Lisbon trip“ teilen' });
    expect(await within(dialog).findByText(/Geteilt wird eine Momentaufnahme/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/A copy of this conversation is stored on the server/)).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Personen oder Gruppen hinzufügen' }), 'Tom');
    await user.click(await within(dialog).findByRole('button', { name: 'Tom Kollege hinzufügen' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Anhänge mitteilen/ }));
    expect(within(dialog).getByText('Without it, recipients see neither the attached files nor their names.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sharing.puts).toEqual([{ id: open.id, body: { shares: [{ target: { type: 'user', id: 'tom' }, role: 'view' }], include_attachments: true } }]);
    // The server takes its own snapshot: nothing is sent.
    expect(sharing.uploads).toEqual([]);
    expect(sharing.deletes).toEqual([]);
  });

  it('sends a browser-kept conversation to the server first, says so, and takes the copy away when it is shared with nobody', async () => {
    reset({ local: true });
    signInAs(`sharer-${nextId()}`);
    const user = userEvent.setup();
    await renderChat('/chat');
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'When do trams run?{Enter}');
    await screen.findByRole('link', { name: 'When do trams run?', current: 'page' });
    const share = await screen.findByRole('button', { name: /^Share “/ });
    await user.click(share);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('A copy of this conversation is stored on the server so colleagues can read it.')).toBeInTheDocument();
    expect(sharing.uploads).toEqual([
      expect.objectContaining({
        messages: [
          expect.objectContaining({ role: 'user', content: 'When do trams run?', status: 'complete' }),
          expect.objectContaining({ role: 'assistant', content: 'Answer to When do trams run?', status: 'complete' }),
        ],
      }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(sharing.deletes).toEqual([snapshotId]));
  });
});

describe('a shared conversation', () => {
  beforeEach(() => reset());

  it('shows who shared it and when, its messages with their sources and marks, read-only and never as HTML', async () => {
    const { container } = await renderChat(`/chat/shared/${snapshotId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lisbon trip' })).toBeInTheDocument();
    expect(screen.getByText(/^Shared by Maria Muster on .*20 Nov 2026/)).toBeInTheDocument();
    const messages = screen.getByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('When do trams run?')).toBeInTheDocument();
    expect(within(messages).getByText('ten').tagName).toBe('STRONG');
    expect(within(messages).getByText('Model: llama-3')).toBeInTheDocument();
    expect(within(messages).getByRole('button', { name: 'Download notes.txt' })).toBeInTheDocument();
    const sources = within(messages).getByRole('region', { name: 'Sources' });
    expect(within(sources).getByText('Lisbon.pdf')).toBeInTheDocument();
    expect(within(sources).getByText('Trams', { selector: 'mark' })).toBeInTheDocument();
    expect(within(sources).queryByRole('button', { name: /Show in document/ })).not.toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
  });

  it('continues it in a conversation of the user’s own', async () => {
    const user = userEvent.setup();
    await renderChat(`/chat/shared/${snapshotId}`);
    await user.click(await screen.findByRole('button', { name: 'Continue in my own chat' }));
    expect(await screen.findByRole('link', { name: 'Lisbon trip', current: 'page' })).toBeInTheDocument();
    expect(sharing.continued).toEqual([snapshotId]);
  });

  it('continues it in this browser when the chat history is kept here', async () => {
    reset({ local: true });
    signInAs(`reader-${nextId()}`);
    const user = userEvent.setup();
    await renderChat(`/chat/shared/${snapshotId}`);
    await user.click(await screen.findByRole('button', { name: 'Continue in my own chat' }));
    expect(await screen.findByRole('link', { name: 'Lisbon trip', current: 'page' })).toBeInTheDocument();
    expect(await screen.findByText('When do trams run?')).toBeInTheDocument();
    // Nothing is kept on the server.
    expect(sharing.continued).toEqual([]);
  });

  it('says clearly when it is not (or no longer) shared with the user', async () => {
    sharing.snapshots.set(snapshotId, 'revoked');
    const user = userEvent.setup();
    await renderChat(`/chat/shared/${snapshotId}`);
    expect(await screen.findByRole('heading', { name: 'This conversation is not shared with you' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to my chat' }));
    expect(await screen.findByText('Start a conversation')).toBeInTheDocument();
    expect(notificationTexts()).toEqual([]);
  });

  it('speaks German', async () => {
    await renderChat(`/chat/shared/${snapshotId}`, 'de');
    expect(await screen.findByText(/^Geteilt von Maria Muster am/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In meinem eigenen Chat fortsetzen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'notes.txt herunterladen' })).toBeInTheDocument();
  });
});
