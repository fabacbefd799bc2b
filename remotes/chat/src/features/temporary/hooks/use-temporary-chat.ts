import { useQueryClient } from '@assistant/platform';
import { useLeaveBlocker } from '@assistant/routing';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConversationCreation } from '../../conversation';
import { createTemporaryHistory, type ScopedChatHistory } from '../../history';

/** A temporary chat that is on: its history (this tab's memory) and whether a question created it. */
interface Session {
  history: ScopedChatHistory;
  started: boolean;
}

export interface TemporaryChat {
  /** While it is on: this temporary chat's own id (the view's key: a new one is a new view). */
  id: string | undefined;
  /** The temporary chat's history while it is on; undefined: the page's own history applies. */
  history: ScopedChatHistory | undefined;
  /** Its first question created it: ending it loses messages, so the user is asked first. */
  started: boolean;
  /** How its first question creates it: in memory, and the page stays where it is (no path to open). */
  creation: ConversationCreation | undefined;
  /** The toggle: on, or off (asking first when it has messages). */
  toggle(): void;
  /** Ends it, then runs `then` ("New conversation"); asks first when it has messages. Stable. */
  end(then?: () => void): void;
  /** The question being asked ("End the temporary chat?"), if any: `confirm` ends it and goes on. */
  asking: { confirm(): void; cancel(): void } | undefined;
}

/**
 * The temporary chat of a new conversation (docs/chat-ui.md "Temporary chat"): while on, the
 * conversation lives in a history of its own in this tab's memory, is created by its first
 * question without opening a path (so nothing in the address or the list refers to it), and ends
 * when the user turns it off, starts a new chat or leaves (another conversation, another page:
 * the router's leave blocker holds the navigation; closing the tab gets the browser's question).
 * With messages each of these asks first. `active`: the page shows a new conversation (a
 * conversation opened by its path ends it).
 */
export function useTemporaryChat(active: boolean): TemporaryChat {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>();
  const [pending, setPending] = useState<{ then: () => void }>();
  const started = session?.started ?? false;
  // `end` reads it here, so that it stays the same function for the page's effects.
  const startedRef = useRef(started);
  useEffect(() => {
    startedRef.current = started;
  }, [started]);

  const stop = useCallback(() => {
    setSession((current) => {
      // Its messages leave the cache too: nothing of it stays in the tab.
      if (current) queryClient.removeQueries({ queryKey: ['conversations', 'messages', current.history.scope] });
      return undefined;
    });
  }, [queryClient]);
  useEffect(() => {
    if (!active) stop();
  }, [active, stop]);

  const leave = useLeaveBlocker(started);
  const end = useCallback(
    (then?: () => void) => {
      const go = () => {
        stop();
        then?.();
      };
      if (startedRef.current) setPending({ then: go });
      else go();
    },
    [stop],
  );
  const toggle = useCallback(() => {
    if (session) end();
    else setSession({ history: createTemporaryHistory(), started: false });
  }, [session, end]);

  const history = session?.history;
  const creation = useMemo<ConversationCreation | undefined>(
    () =>
      history && {
        create: async () => (await history.createConversation(TEMPORARY_NAME)).id,
        onCreated: () => setSession((current) => current && current.history === history ? { ...current, started: true } : current),
      },
    [history],
  );

  let asking: TemporaryChat['asking'];
  if (pending) {
    asking = {
      confirm: () => {
        setPending(undefined);
        pending.then();
      },
      cancel: () => setPending(undefined),
    };
  } else if (leave.state === 'blocked') {
    asking = {
      confirm: () => {
        stop();
        leave.proceed();
      },
      cancel: leave.reset,
    };
  }
  const id = history?.scope.kind === 'temporary' ? history.scope.chat : undefined;
  return { id, history, started, creation, toggle, end, asking };
}

/** The name a temporary conversation has in memory until its first question names it; shown nowhere. */
const TEMPORARY_NAME = 'Temporary chat';
