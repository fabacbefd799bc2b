import { getUser, hasAuth, useFlag } from '@assistant/platform';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChatHistory } from './chat-history';
import { createLocalHistory } from './local-history';
import { createServerHistory } from './server-history';

export type UseChatHistory =
  | { status: 'loading'; history: undefined }
  | { status: 'ready'; history: ChatHistory }
  /** Browser-kept history without a signed-in user: there is nobody to keep it for. */
  | { status: 'failed'; history: undefined };

/** The signed-in user's `sub` through the platform's auth; undefined when nobody is signed in. */
async function signedInSub(): Promise<string | undefined> {
  if (!hasAuth()) return undefined;
  return (await getUser())?.profile.sub || undefined;
}

export interface UseChatHistoryOptions {
  /** Where the user's `sub` comes from (tests); the platform's auth by default. */
  userSub?: () => Promise<string | undefined>;
}

/**
 * The history the chat screens use: kept in this browser for the signed-in user when the flag
 * `enableLocalChatHistory` is on, otherwise the server's. Stable while the flag and the user stay.
 */
export function useChatHistory({ userSub = signedInSub }: UseChatHistoryOptions = {}): UseChatHistory {
  const local = useFlag('enableLocalChatHistory');
  const server = useMemo(() => createServerHistory(), []);
  const [sub, setSub] = useState<{ value: string | undefined } | undefined>(undefined);
  const readSub = useRef(userSub);
  readSub.current = userSub;

  useEffect(() => {
    if (!local) return;
    let current = true;
    readSub.current().then(
      (value) => current && setSub({ value }),
      (error: unknown) => {
        console.error('The signed-in user could not be read', error);
        if (current) setSub({ value: undefined });
      },
    );
    return () => {
      current = false;
    };
  }, [local]);

  const localHistory = useMemo(() => (sub?.value ? createLocalHistory({ userSub: sub.value }) : undefined), [sub]);

  if (!local) return { status: 'ready', history: server };
  if (!sub) return { status: 'loading', history: undefined };
  if (!localHistory) return { status: 'failed', history: undefined };
  return { status: 'ready', history: localHistory };
}
