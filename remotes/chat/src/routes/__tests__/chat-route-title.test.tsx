import { setApiClients } from '@assistant/platform';
import { screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { handlers, renderChat, resetChatState } from '../../__tests__/chat-kit';

// The chat names itself in the h1 and the document title in both languages (the browser suite of
// the shell walks the routes in one language only).
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetChatState());
afterAll(() => {
  server.close();
  setApiClients(null);
});

it.each(['de', 'en'] as const)('titles /chat in %s', async (language) => {
  await renderChat('/chat', language);
  expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('Chat – Assistant'));
});
