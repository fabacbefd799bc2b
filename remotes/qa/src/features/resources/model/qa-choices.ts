import { SEARCH_MAX_COLLECTIONS, type Collection, type CollectionFile, type LanguageModel } from '@assistant/contracts';

/**
 * What the user picked to ask over: several collections, or one document of a collection, and a
 * model. Kept per user in this browser (use-qa-choices.ts); checked against the resources on offer
 * each time, so a collection or model that went away is simply not picked any more.
 */
export interface QaChoices {
  scope: 'collections' | 'document';
  /** Collections to answer from (scope `collections`). */
  collectionIds: string[];
  /** The collection whose documents are listed, and the document picked (scope `document`). */
  documentCollectionId: string | null;
  fileId: string | null;
  /** The model's id; null: the first one on offer for the scope. */
  model: string | null;
}

export const initialQaChoices: QaChoices = { scope: 'collections', collectionIds: [], documentCollectionId: null, fileId: null, model: null };

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** Stored choices read back leniently: a field that is not what it should be counts as unset. */
export function readStoredChoices(stored: unknown): QaChoices {
  if (typeof stored !== 'object' || stored === null) return initialQaChoices;
  const value = stored as Record<string, unknown>;
  const ids = Array.isArray(value.collectionIds) ? value.collectionIds.map(text).filter((id): id is string => id !== null) : [];
  return {
    scope: value.scope === 'document' ? 'document' : 'collections',
    collectionIds: [...new Set(ids)].slice(0, SEARCH_MAX_COLLECTIONS),
    documentCollectionId: text(value.documentCollectionId),
    fileId: text(value.fileId),
    model: text(value.model),
  };
}

/** The models that answer in a scope: document-mode models over one document, the others over collections. */
export function modelsForScope(models: readonly LanguageModel[], scope: QaChoices['scope']): LanguageModel[] {
  return models.filter((model) => (scope === 'document' ? model.mode === 'document' : model.mode !== 'document'));
}

/** The model an answer is asked with: the picked one while it is on offer for the scope, else the first. */
export function effectiveModel(models: readonly LanguageModel[], choices: QaChoices): LanguageModel | undefined {
  const offered = modelsForScope(models, choices.scope);
  return offered.find((model) => model.id === choices.model) ?? offered[0];
}

/** The picked collections that are still on offer, in the order of the list. */
export function effectiveCollections(collections: readonly Collection[], choices: QaChoices): Collection[] {
  const picked = new Set(choices.collectionIds);
  return collections.filter((collection) => picked.has(collection.id));
}

/** What still keeps a question from being asked (the key of its hint, `ask.blocked.*`); undefined: nothing. */
export type MissingChoice = 'loading' | 'unavailable' | 'collections' | 'document' | 'model';

export function missingChoice(input: {
  status: 'loading' | 'ready' | 'unavailable';
  collections: readonly Collection[];
  models: readonly LanguageModel[];
  choices: QaChoices;
  /** The documents of the chosen document collection, when loaded. */
  documentFiles: readonly CollectionFile[] | undefined;
}): MissingChoice | undefined {
  const { status, collections, models, choices, documentFiles } = input;
  if (status !== 'ready') return status;
  if (choices.scope === 'collections' && effectiveCollections(collections, choices).length === 0) return 'collections';
  if (choices.scope === 'document' && !pickedDocument(documentFiles, choices)) return 'document';
  if (modelsForScope(models, choices.scope).length === 0) return 'model';
  return undefined;
}

/** The picked document while it is among the chosen collection's processed documents. */
export function pickedDocument(documentFiles: readonly CollectionFile[] | undefined, choices: QaChoices): CollectionFile | undefined {
  if (choices.scope !== 'document' || !choices.fileId) return undefined;
  return documentFiles?.find((file) => file.fileId === choices.fileId && file.status === 'processed');
}
