import type { CollectionScope, CollectionSummary } from '@assistant/contracts';
import { usePermission } from '@assistant/platform';
import { Button, ListStates, PlusIcon } from '@assistant/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@assistant/routing';
import { useCollectionMutations } from '../hooks/use-collection-mutations';
import { useCollections } from '../hooks/use-collections';
import { NAMESPACE } from '../../../namespace';
import { CollectionList } from './collection-list';
import { CollectionNameDialog } from './collection-name-dialog';
import { DeleteCollectionDialog } from './delete-collection-dialog';
import { ShareCollectionDialog } from './share-collection-dialog';
import '../collections.css';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'rename'; collection: CollectionSummary }
  | { kind: 'delete'; collection: CollectionSummary }
  | { kind: 'share'; collection: CollectionSummary }
  | null;

/**
 * The collections of one tab with create, rename and delete. Personal collections: anyone creates
 * them (and are then inside the new one, /collections/{id}). Company collections: "New collection"
 * only for administrators (AdministrateAssistant). Share (a company one: restrict to groups),
 * rename and delete where the server says the collection is the user's to manage (its owner;
 * administrators for company ones); collections shared with the user show who shared them.
 * Give it `key={scope}` so a tab switch starts with a fresh list.
 */
export function CollectionsPanel({ scope }: { scope: CollectionScope }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = `collections-${scope}-heading`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = useCollections(scope);
  const mutations = useCollectionMutations(scope);
  const isAdministrator = usePermission('AdministrateAssistant');
  const canCreate = scope === 'personal' || isAdministrator === true;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const close = () => setDialog(null);
  const navigate = useNavigate();

  // After a delete the button that opened the dialog is gone: keep focus in the list's section.
  useEffect(() => {
    if (!focusHeading || dialog !== null) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading, dialog]);

  // A retry that worked replaces the focused retry button with the list: start from its heading.
  const previousStatus = useRef(list.status);
  useEffect(() => {
    if (previousStatus.current === 'failed' && list.status === 'ready') headingRef.current?.focus();
    previousStatus.current = list.status;
  }, [list.status]);

  const content = (
    <ListStates
      list={list}
      texts={{ loading: t('list.loading'), failed: t('list.failed.title'), retry: t('list.failed.retry') }}
      empty={list.collections.length === 0 ? { title: t(`${scope}.empty.title`), text: t(`${scope}.empty.text`) } : null}
      loadingClassName="collections-panel__loading"
    >
      <CollectionList
        collections={list.collections}
        labelledBy={headingId}
        onRename={(collection) => setDialog({ kind: 'rename', collection })}
        onDelete={(collection) => setDialog({ kind: 'delete', collection })}
        onShare={(collection) => setDialog({ kind: 'share', collection })}
      />
    </ListStates>
  );

  return (
    <section aria-labelledby={headingId} className="collections-panel">
      <div className="collections-panel__header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="collections-panel__heading">
          {t(`${scope}.heading`)}
        </h2>
        {canCreate && (
          <Button icon={<PlusIcon />} onClick={() => setDialog({ kind: 'create' })}>
            {t('list.new')}
          </Button>
        )}
      </div>
      {content}
      {dialog?.kind === 'create' && (
        <CollectionNameDialog
          title={t('list.create.title')}
          description={t(`list.create.description.${scope}`)}
          submitLabel={t('list.create.submit')}
          onSubmit={async (name) => {
            const result = await mutations.create(name);
            // The new collection is empty: the user goes into it to upload.
            if (result.ok) void navigate(`../${encodeURIComponent(result.collection.id)}`);
            return result;
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'rename' && (
        <CollectionNameDialog
          title={t('list.rename.title', { name: dialog.collection.name })}
          submitLabel={t('list.rename.submit')}
          initialName={dialog.collection.name}
          onSubmit={(name) => mutations.rename(dialog.collection, name)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteCollectionDialog
          collection={dialog.collection}
          onConfirm={async () => {
            const result = await mutations.remove(dialog.collection);
            if (result.ok || result.gone) setFocusHeading(true);
            return result;
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'share' && (
        <ShareCollectionDialog
          collection={dialog.collection}
          onClose={() => {
            close();
            // With whom it is shared shows in the list.
            list.reload();
          }}
        />
      )}
    </section>
  );
}
