import { persistKey } from '@assistant/platform';
import { useCallback, useState } from 'react';
import { initialQaChoices, readStoredChoices, type QaChoices } from '../model/qa-choices';

/** The store name of the choices: kept under `assistant.qa-choices.<sub>`, like the platform's per-user stores. */
export const QA_CHOICES_STORE = 'qa-choices';

function load(userSub: string | null): QaChoices {
  if (!userSub) return initialQaChoices;
  try {
    const raw = localStorage.getItem(persistKey(QA_CHOICES_STORE, userSub));
    return raw === null ? initialQaChoices : readStoredChoices(JSON.parse(raw));
  } catch {
    return initialQaChoices;
  }
}

function save(userSub: string | null, choices: QaChoices): void {
  if (!userSub) return;
  try {
    localStorage.setItem(persistKey(QA_CHOICES_STORE, userSub), JSON.stringify(choices));
  } catch {
    // Storage full or blocked: the choices still hold for this visit.
  }
}

/**
 * The picked collections, document and model (SPEC section 3, local state persisted per user),
 * in localStorage under the signed-in user's key. Without a user they stay in memory. Another
 * user starts from their own choices.
 */
export function useQaChoices(userSub: string | null): [QaChoices, (change: Partial<QaChoices>) => void] {
  const [state, setState] = useState(() => ({ userSub, choices: load(userSub) }));
  const current = state.userSub === userSub ? state : { userSub, choices: load(userSub) };
  if (current !== state) setState(current);

  const change = useCallback(
    (update: Partial<QaChoices>) =>
      setState((previous) => {
        const base = previous.userSub === userSub ? previous.choices : load(userSub);
        const choices = { ...base, ...update };
        save(userSub, choices);
        return { userSub, choices };
      }),
    [userSub],
  );
  return [current.choices, change];
}
