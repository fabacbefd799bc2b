import { collectionFilesQuery } from '@assistant/endpoints';
import { useQuery } from '@assistant/platform';
import { Select } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useReadableCollections } from '../hooks/use-readable-collections';

/** The picked collection and, in it, the processed document (its file id); '' for none yet. */
export interface DocumentChoice {
  collectionId: string;
  fileId: string;
}

export const NO_DOCUMENT: DocumentChoice = { collectionId: '', fileId: '' };

export interface DocumentPickerProps {
  value: DocumentChoice;
  onChange(next: DocumentChoice): void;
  /** Why the choice cannot be sent ("Please choose a document"): under the select that needs attention. */
  error?: string;
  /** Prefix of the two selects' ids (see `documentPickerFocusId`). */
  id: string;
}

/** The id of the select to focus when the choice is incomplete: the collection until one is picked, then the document. */
export const documentPickerFocusId = (id: string, value: DocumentChoice) => (value.collectionId === '' ? `${id}-collection` : `${id}-document`);

/**
 * A processed document of a collection the user may read: first the collection, then one of its
 * processed documents (the others have no text to work with yet). Summarize and a custom app's
 * run send its `file_id`; the server reads the document, in parts when it is long.
 */
export function DocumentPicker({ value, onChange, error, id }: DocumentPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const collections = useReadableCollections();
  const documents = useQuery(collectionFilesQuery(value.collectionId || undefined));
  const picked = value.collectionId !== '';
  const processed = (documents.data ?? []).filter((document) => document.status === 'processed');
  const documentPlaceholder =
    picked && documents.isPending ? t('loading') : picked && !documents.isError && processed.length === 0 ? t('documents.none') : t('documents.documentPick');

  return (
    <div className="usecases__row">
      <Select
        id={`${id}-collection`}
        label={t('documents.collection')}
        value={value.collectionId}
        placeholder={collections.isPending ? t('loading') : t('documents.collectionPick')}
        options={(collections.data ?? []).map((collection) => ({ value: collection.id, label: collection.name }))}
        onChange={(event) => onChange({ collectionId: event.target.value, fileId: '' })}
        error={collections.isError ? t('documents.collectionsFailed') : picked ? undefined : error}
      />
      <Select
        id={`${id}-document`}
        label={t('documents.document')}
        value={value.fileId}
        disabled={!picked}
        placeholder={documentPlaceholder}
        options={processed.map((document) => ({ value: document.fileId, label: document.name }))}
        onChange={(event) => onChange({ ...value, fileId: event.target.value })}
        error={documents.isError ? t('documents.documentsFailed') : picked ? error : undefined}
      />
    </div>
  );
}
