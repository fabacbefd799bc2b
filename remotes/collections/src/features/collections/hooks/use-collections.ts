import type { CollectionScope, CollectionSummary } from '@assistant/contracts';
import { RequestAbortedError, useLocale } from '@assistant/platform';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCollections } from '../api/collections-api';
import { describeCollectionError } from '../model/describe-collection-error';
import { sortCollections } from '../model/sort-collections';
import { NAMESPACE } from '../../../namespace';

export type CollectionsStatus = 'loading' | 'ready' | 'failed';

export interface CollectionsState {
  status: CollectionsStatus;
  collections: CollectionSummary[];
  /** Why the list could not be loaded (status failed). */
  error: string | undefined;
  /** A new load is under way while the last answer (or failure) stays on screen. */
  reloading: boolean;
}

export interface UseCollections extends CollectionsState {
  reload(): void;
  /** A collection the server just made: it goes to the top. */
  added(collection: CollectionSummary): void;
  /** A collection the server just changed: replaces the old one, the order follows `updated_at`. */
  replaced(collection: CollectionSummary): void;
  removed(id: string): void;
}

const initial: CollectionsState = { status: 'loading', collections: [], error: undefined, reloading: false };

/**
 * The collections of a scope (GET /api/collections?scope=), loaded on mount and on reload(); a
 * load still running when the scope changes or the screen goes away is aborted. Changes made on
 * this screen update the list from the server's answers, without another round trip.
 */
export function useCollections(scope: CollectionScope): UseCollections {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const [state, setState] = useState<CollectionsState>(initial);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listCollections(scope, controller.signal).then(
      (collections) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', collections: sortCollections(collections), error: undefined, reloading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted || error instanceof RequestAbortedError) return;
        console.error(error);
        const { message } = describeCollectionError(error, t, language);
        setState((current) =>
          current.status === 'ready'
            ? { ...current, reloading: false }
            : { status: 'failed', collections: [], error: message, reloading: false },
        );
      },
    );
    return () => controller.abort();
    // t and language only word the failure; a language switch needs no new load.
  }, [scope, attempt]);

  const reload = useCallback(() => {
    setState((current) => ({ ...current, reloading: true }));
    setAttempt((n) => n + 1);
  }, []);
  const added = useCallback((collection: CollectionSummary) => {
    setState((current) => ({
      ...current,
      status: 'ready',
      collections: [collection, ...current.collections.filter((c) => c.id !== collection.id)],
    }));
  }, []);
  const replaced = useCallback((collection: CollectionSummary) => {
    setState((current) => ({
      ...current,
      collections: sortCollections(current.collections.map((c) => (c.id === collection.id ? collection : c))),
    }));
  }, []);
  const removed = useCallback((id: string) => {
    setState((current) => ({ ...current, collections: current.collections.filter((c) => c.id !== id) }));
  }, []);

  return { ...state, reload, added, replaced, removed };
}
