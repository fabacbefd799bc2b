import type { CollectionScope, CollectionSummary } from '@assistant/contracts';
import { collectionKeys } from '@assistant/endpoints';
import { LocalizedError, notifyError, notifySuccess, useLocale, useQueryClient } from '@assistant/platform';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useCreateCollection } from '../api/create-collection';
import { useDeleteCollection } from '../api/delete-collection';
import { useRenameCollection } from '../api/rename-collection';
import { describeCollectionError, type CollectionFailure } from '../model/describe-collection-error';

/**
 * How a change went. On failure the dialog stays open with what was typed and shows `failure`;
 * `gone` says the collection no longer exists, so there is nothing left to change.
 */
export type MutationFailure = { ok: false; failure: CollectionFailure; gone: boolean };
export type MutationResult = { ok: true } | MutationFailure;
/** A create that worked names the new collection, so the caller can open it. */
export type CreateResult = { ok: true; collection: CollectionSummary } | MutationFailure;

export interface CollectionMutations {
  create(name: string): Promise<CreateResult>;
  rename(collection: CollectionSummary, name: string): Promise<MutationResult>;
  remove(collection: CollectionSummary): Promise<MutationResult>;
}

/**
 * Create, rename and delete of a scope's collections: each calls the API (the mutations update
 * the cached lists from the answers) and reports the outcome as a notification.
 */
export function useCollectionMutations(scope: CollectionScope): CollectionMutations {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const client = useQueryClient();
  const creating = useCreateCollection(scope);
  const renaming = useRenameCollection();
  const deleting = useDeleteCollection();

  const failed = (error: unknown, textKey: string, values: Record<string, unknown>): MutationFailure => {
    const failure = describeCollectionError(error, t, language);
    if (failure.kind === 'other') console.error(error);
    notifyError(new LocalizedError(t(textKey, { ...values, reason: failure.message })));
    return { ok: false, failure, gone: failure.kind === 'not-found' };
  };

  return {
    async create(name) {
      try {
        const collection = await creating.mutateAsync(name);
        notifySuccess({ message: { text: t('list.create.success', { name: collection.name }) } });
        return { ok: true, collection };
      } catch (error) {
        // Nothing existed before, so nothing can be gone.
        return { ...failed(error, 'list.create.failed', { name }), gone: false };
      }
    },
    async rename(collection, name) {
      try {
        const renamed = await renaming.mutateAsync({ id: collection.id, name });
        notifySuccess({ message: { text: t('list.rename.success', { name: renamed.name }) } });
        return { ok: true };
      } catch (error) {
        const result = failed(error, 'list.rename.failed', { name: collection.name });
        if (result.gone) void client.invalidateQueries({ queryKey: collectionKeys.lists() });
        return result;
      }
    },
    async remove(collection) {
      try {
        await deleting.mutateAsync(collection.id);
        notifySuccess({ message: { text: t('list.delete.success', { name: collection.name }) } });
        return { ok: true };
      } catch (error) {
        const result = failed(error, 'list.delete.failed', { name: collection.name });
        if (result.gone) deleting.forget(collection.id);
        return result;
      }
    },
  };
}
