import { setApiClients, setPersistenceUser, useDeveloperModeStore, useNotificationsStore, usePermissionsStore } from '@assistant/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { conversation, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

const LINES = '{"kind":"message"}\n{"kind":"done"}\n';

describe('a conversation’s raw events', () => {
  let saved: Blob[];
  beforeEach(async () => {
    resetChatState([conversation({ name: 'Lisbon trip' })]);
    await act(() => setPersistenceUser('dana'));
    act(() => usePermissionsStore.setState({ status: 'loaded', granted: new Set(['DeveloperMode']) as never }));
    saved = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:events'), revokeObjectURL: () => undefined });
    server.use(http.get('*/api/conversations/:id/events.jsonl', () => new HttpResponse(LINES, { headers: { 'content-type': 'application/x-ndjson' } })));
  });
  afterEach(async () => {
    await act(() => setPersistenceUser(null));
    localStorage.clear();
  });

  it('download as JSON lines from the conversation’s menu in developer mode', async () => {
    act(() => useDeveloperModeStore.getState().setEnabled(true));
    await renderChat();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Lisbon trip' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download the events of Lisbon trip (JSON lines)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]!.text()).toBe(LINES);
    expect(saved[0]!.type).toBe('application/x-ndjson');
    expect(useNotificationsStore.getState().notifications.map((n) => n.message)).toContainEqual({ text: 'The events of Lisbon trip were downloaded.' });
  });

  it('are not offered with developer mode off', async () => {
    await renderChat();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Lisbon trip' }));
    const menu = screen.getByRole('button', { name: 'Delete Lisbon trip' }).parentElement!;
    expect(within(menu).queryByRole('button', { name: /Download the events/ })).toBeNull();
  });
});
