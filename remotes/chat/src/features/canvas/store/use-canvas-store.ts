import { useMemo } from 'react';
import type { ChatHistoryScope, ScopedChatHistory } from '../../history';
import type { CanvasStore } from './canvas-store';
import { createLocalCanvasStore } from './local-canvas-store';
import { createServerCanvasStore } from './server-canvas-store';

/** A canvas store with the scope of its history (part of every canvas query key). */
export interface ScopedCanvasStore extends CanvasStore {
  readonly scope: ChatHistoryScope;
}

/** The canvases kept where the conversation's history is kept: the server's, or this browser's for its user. */
export function useCanvasStore(history: ScopedChatHistory): ScopedCanvasStore {
  const { scope } = history;
  const user = scope.kind === 'local' ? scope.user : undefined;
  return useMemo(() => {
    const store = user === undefined ? createServerCanvasStore() : createLocalCanvasStore({ userSub: user });
    return Object.assign(store, { scope: user === undefined ? ({ kind: 'server' } as const) : ({ kind: 'local', user } as const) });
  }, [user]);
}
