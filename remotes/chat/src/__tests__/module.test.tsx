import { screen } from '@testing-library/react';
import { setApiClients } from '@assistant/platform';
import { remoteModuleProblems } from '@assistant/platform/testing';
import { setupServer } from 'msw/node';
import remote from '../module';
import { conversation, handlers, renderChat, resetChatState } from './chat-kit';

describe('chat remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'chat')).toEqual([]);
  });

  describe('routes', () => {
    const server = setupServer(...handlers());
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    beforeEach(() => resetChatState());
    afterAll(() => {
      server.close();
      setApiClients(null);
    });

    it('renders /chat with its title, the empty conversation list and the start screen', async () => {
      await renderChat('/chat');
      expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Conversations' })).toBeInTheDocument();
      expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: 'Start a conversation' })).toBeInTheDocument();
    });

    it('opens /chat/:conversationId with the conversation marked in the list', async () => {
      const open = conversation({ name: 'Trip to Lisbon', updated_at: new Date().toISOString() });
      resetChatState([open]);
      await renderChat(`/chat/${open.id}`);
      const link = await screen.findByRole('link', { name: 'Trip to Lisbon' });
      expect(link).toHaveAttribute('aria-current', 'page');
      expect(link).toHaveAttribute('href', `/chat/${open.id}`);
      expect(screen.getByRole('region', { name: 'Open conversation' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Start a conversation' })).not.toBeInTheDocument();
    });

    it('speaks German', async () => {
      await renderChat('/chat', 'de');
      expect(await screen.findByText('Noch keine Unterhaltungen')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Neue Unterhaltung' })).toBeInTheDocument();
    });
  });
});
