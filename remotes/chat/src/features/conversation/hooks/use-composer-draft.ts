import { persistenceUser } from '@assistant/platform';
import { useCallback, useState } from 'react';

/**
 * Where a draft is kept: sessionStorage (this tab only, gone with it), one entry per user and
 * conversation, so that another person signing in in the same tab never sees it.
 */
export const COMPOSER_DRAFT_PREFIX = 'assistant.chat.draft:';

/** The storage key of a conversation's draft for the signed-in user; none without a user. */
function storageKey(key: string | undefined): string | undefined {
  const user = persistenceUser();
  return key === undefined || user === null ? undefined : `${COMPOSER_DRAFT_PREFIX}${user}:${key}`;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked: the draft lives in memory only, as before
  }
}

function readDraft(key: string | undefined): string {
  const stored = storageKey(key);
  if (stored === undefined) return '';
  try {
    return storage()?.getItem(stored) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string | undefined, text: string): void {
  const stored = storageKey(key);
  if (stored === undefined) return;
  try {
    if (text === '') storage()?.removeItem(stored);
    else storage()?.setItem(stored, text);
  } catch {
    // Full or blocked: the draft stays in memory only.
  }
}

export interface ComposerDraft {
  text: string;
  setText(text: string): void;
  /** After sending: the draft is gone, here and in storage. */
  clear(): void;
}

/**
 * The text of the message box, kept per conversation in sessionStorage so that nothing typed is
 * lost when the page leaves and comes back in the same tab: a sign-in round trip after the session
 * expired, a reload. Restored when the composer mounts (or its conversation changes), cleared on
 * send. `key` names the conversation ('new' for one not created yet); without a key the draft is
 * kept in memory only.
 */
export function useComposerDraft(key: string | undefined): ComposerDraft {
  const [draft, setDraft] = useState(() => ({ key, text: readDraft(key) }));
  // Another conversation in the same composer: its own draft (adjusted during render, no flash).
  let current = draft;
  if (draft.key !== key) {
    current = { key, text: readDraft(key) };
    setDraft(current);
  }
  const setText = useCallback(
    (text: string) => {
      writeDraft(key, text);
      setDraft({ key, text });
    },
    [key],
  );
  const clear = useCallback(() => setText(''), [setText]);
  return { text: current.text, setText, clear };
}
