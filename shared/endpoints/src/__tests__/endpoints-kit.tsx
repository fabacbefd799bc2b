// Test kit of the shared endpoint definitions: the platform's API clients against msw, and a
// wrapper with the platform's one QueryClient (as the host and every remote use it).
import { createApiClients, ServerStateProvider, setApiClients, setPersistenceUser, useNotificationsStore } from '@assistant/platform';
import type { ReactNode } from 'react';
import '@assistant/platform/testing';

export async function resetEndpointsState(): Promise<void> {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  await setPersistenceUser(null);
  localStorage.clear();
  useNotificationsStore.getState().clear();
}

export const wrapper = ({ children }: { children: ReactNode }) => <ServerStateProvider>{children}</ServerStateProvider>;

/** The notification keys shown so far, with their variant ("error: ..."). */
export const notificationKeys = () =>
  useNotificationsStore.getState().notifications.map((n) => `${n.variant}: ${'key' in n.message ? n.message.key : n.message.text}`);
