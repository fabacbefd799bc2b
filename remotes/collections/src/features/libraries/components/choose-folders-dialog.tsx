import { createLibraryBindingsRequestSchema, type LibraryConnection, type LibraryFolder } from '@assistant/contracts';
import { useCollectionsQuery, useCreateLibraryBindings } from '@assistant/endpoints';
import { notifySuccess, useLocale } from '@assistant/platform';
import { Select, TextField } from '@assistant/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { checkCollectionName, COLLECTION_NAME_MAX_LENGTH, useCreateCollection } from '../../collections';
import { describeLibraryError } from '../model/describe-library-error';
import { FolderBrowser } from './folder-browser';
import { LibraryFormDialog } from './library-form-dialog';

/** The target choice that makes a new collection (no collection id looks like it). */
const NEW_COLLECTION = 'new';

export interface ChooseFoldersDialogProps {
  library: LibraryConnection;
  onClose(): void;
}

/**
 * "Choose folders to sync": browse the library, tick one or more folders, pick the collection
 * they feed (one of the connection's scope the user manages, or a new one named here) and start.
 * The first sync starts at once on the server. A failure keeps the dialog open with the choice;
 * a collection made before the failure stays the target, so trying again makes no second one.
 */
export function ChooseFoldersDialog({ library, onClose }: ChooseFoldersDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const collections = useCollectionsQuery(library.scope);
  const managed = (collections.data ?? []).filter((collection) => collection.can_manage);
  const createCollection = useCreateCollection(library.scope);
  const createBindings = useCreateLibraryBindings(library.id);
  const [selected, setSelected] = useState<Map<string, LibraryFolder>>(() => new Map());
  const [target, setTarget] = useState<string>('');
  const [newName, setNewName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const nameRef = useRef<HTMLInputElement>(null);
  const targetRef = useRef<HTMLSelectElement>(null);
  const saving = createCollection.isPending || createBindings.isPending;

  // Until the user picks, a library without collections of its own goes to a new one.
  const chosenTarget = target || (collections.data && managed.length === 0 ? NEW_COLLECTION : '');
  const folders = [...selected.values()].map(({ id, path }) => ({ id, path }));
  const foldersCheck = createLibraryBindingsRequestSchema.shape.folders.safeParse(folders);
  const nameCheck = checkCollectionName(newName);

  const foldersError = submitted && !foldersCheck.success ? t(folders.length === 0 ? 'libraries.choose.noFolders' : 'libraries.choose.tooManyFolders') : undefined;
  const targetError = submitted && chosenTarget === '' ? t('libraries.choose.noTarget') : undefined;
  const nameError =
    submitted && chosenTarget === NEW_COLLECTION && !nameCheck.ok ? t(`list.name.${nameCheck.problem}`, { max: COLLECTION_NAME_MAX_LENGTH }) : undefined;

  const toggle = (folder: LibraryFolder, chosen: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (chosen) next.set(folder.id, folder);
      else next.delete(folder.id);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!foldersCheck.success || chosenTarget === '' || (chosenTarget === NEW_COLLECTION && !nameCheck.ok)) {
      if (chosenTarget === '') targetRef.current?.focus();
      else if (chosenTarget === NEW_COLLECTION && !nameCheck.ok) nameRef.current?.focus();
      return;
    }
    setFormError(undefined);
    try {
      let collectionId = chosenTarget;
      let collectionName = managed.find((collection) => collection.id === chosenTarget)?.name ?? '';
      if (chosenTarget === NEW_COLLECTION && nameCheck.ok) {
        const created = await createCollection.mutateAsync(nameCheck.name);
        collectionId = created.id;
        collectionName = created.name;
        setTarget(created.id);
      }
      await createBindings.mutateAsync({ collection_id: collectionId, folders });
      notifySuccess({ message: { text: t('libraries.choose.started', { count: folders.length, collection: collectionName }) } });
      onClose();
    } catch (error) {
      const failure = describeLibraryError(error, t, language);
      if (!failure.expected) console.error(error);
      setFormError(failure.message);
    }
  };

  return (
    <LibraryFormDialog
      size="lg"
      title={t('libraries.choose.title', { name: library.name })}
      description={t('libraries.choose.description')}
      submitLabel={t('libraries.choose.submit')}
      saving={saving}
      error={formError}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <fieldset className="library-form__group">
        <legend className="library-form__legend">{t('libraries.choose.foldersLegend')}</legend>
        <FolderBrowser libraryId={library.id} libraryName={library.name} selected={selected} onToggle={toggle} />
        <p className="choose-folders__summary" aria-live="polite">
          {folders.length === 0
            ? t('libraries.choose.noneChosen')
            : t('libraries.choose.chosen', { count: folders.length, paths: folders.map((folder) => folder.path).join(', ') })}
        </p>
        {foldersError && (
          <p role="alert" className="ui-field__error">
            {foldersError}
          </p>
        )}
      </fieldset>
      <Select
        ref={targetRef}
        label={t('libraries.choose.target')}
        description={t(`libraries.choose.targetHint.${library.scope}`)}
        required
        placeholder={t('libraries.choose.targetPlaceholder')}
        value={chosenTarget}
        onChange={(event) => setTarget(event.target.value)}
        error={targetError}
      >
        {managed.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {collection.name}
          </option>
        ))}
        <option value={NEW_COLLECTION}>{t('libraries.choose.newCollection')}</option>
      </Select>
      {chosenTarget === NEW_COLLECTION && (
        <TextField
          ref={nameRef}
          label={t('libraries.choose.newName')}
          required
          autoComplete="off"
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          error={nameError}
        />
      )}
    </LibraryFormDialog>
  );
}
