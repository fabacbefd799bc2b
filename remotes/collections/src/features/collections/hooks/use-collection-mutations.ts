import type { CollectionScope, CollectionSummary } from '@assistant/contracts';
import { LocalizedError, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { createCollection, deleteCollection, renameCollection } from '../api/collections-api';
import { describeCollectionError, type CollectionFailure } from '../model/describe-collection-error';
import { NAMESPACE } from '../../../namespace';
import type { UseCollections } from './use-collections';

/**
 * How a change went. On failure the dialog stays open with what was typed and shows `failure`;
 * `gone` says the collection no longer exists, so there is nothing left to change.
 */
export type MutationFailure = { ok: false; failure: CollectionFailure; gone: boolean };
export type MutationResult = { ok: true } | MutationFailure;

export interface CollectionMutations {
  create(name: string): Promise<MutationResult>;
  rename(collection: CollectionSummary, name: string): Promise<MutationResult>;
  remove(collection: CollectionSummary): Promise<MutationResult>;
}

type ListUpdates = Pick<UseCollections, 'added' | 'replaced' | 'removed' | 'reload'>;

/**
 * Create, rename and delete of a scope's collections: each calls the API, updates the list from
 * the answer and reports the outcome as a platform notification (success or failure).
 */
export function useCollectionMutations(scope: CollectionScope, list: ListUpdates): CollectionMutations {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const { added, replaced, removed, reload } = list;

  const failed = useCallback(
    (error: unknown, textKey: string, values: Record<string, unknown>): MutationFailure => {
      const failure = describeCollectionError(error, t, language);
      if (failure.kind === 'other') console.error(error);
      notifyError(new LocalizedError(t(textKey, { ...values, reason: failure.message })));
      return { ok: false, failure, gone: failure.kind === 'not-found' };
    },
    [t, language],
  );

  const create = useCallback(
    async (name: string): Promise<MutationResult> => {
      try {
        const collection = await createCollection(name, scope);
        added(collection);
        notifySuccess({ message: { text: t('list.create.success', { name: collection.name }) } });
        return { ok: true };
      } catch (error) {
        // Nothing existed before, so nothing can be gone.
        return { ...failed(error, 'list.create.failed', { name }), gone: false };
      }
    },
    [scope, added, failed, t],
  );

  const rename = useCallback(
    async (collection: CollectionSummary, name: string): Promise<MutationResult> => {
      try {
        const renamed = await renameCollection(collection.id, name);
        replaced(renamed);
        notifySuccess({ message: { text: t('list.rename.success', { name: renamed.name }) } });
        return { ok: true };
      } catch (error) {
        const result = failed(error, 'list.rename.failed', { name: collection.name });
        if (result.gone) reload();
        return result;
      }
    },
    [replaced, reload, failed, t],
  );

  const remove = useCallback(
    async (collection: CollectionSummary): Promise<MutationResult> => {
      try {
        await deleteCollection(collection.id);
        removed(collection.id);
        notifySuccess({ message: { text: t('list.delete.success', { name: collection.name }) } });
        return { ok: true };
      } catch (error) {
        const result = failed(error, 'list.delete.failed', { name: collection.name });
        if (result.gone) removed(collection.id);
        return result;
      }
    },
    [removed, failed, t],
  );

  return { create, rename, remove };
}
