import type { CollectionSummary } from '@assistant/contracts';
import { useShareDialog } from '@assistant/endpoints';
import { ShareDialog, type ShareDraft } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface ShareCollectionDialogProps {
  collection: Pick<CollectionSummary, 'id' | 'name' | 'scope'>;
  onClose(): void;
}

/** A company collection is restricted by groups that can view it; people, the company and "can edit" mean nothing there. */
const onlyGroupsToView = (draft: ShareDraft) => draft.shares.every((entry) => entry.target.type === 'group' && entry.role === 'view');

/**
 * The UI kit's share dialog for a collection (docs/collections.md "Sharing"). A personal one is
 * shared with people and groups to view or edit. A company one is restricted to groups: the same
 * dialog with its own words, offering groups only (no people, not the whole company), and a note
 * while the list holds a group that could edit (the server refuses such a list too).
 */
export function ShareCollectionDialog({ collection, onClose }: ShareCollectionDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const share = useShareDialog('collection', collection.id);
  if (collection.scope === 'personal') return <ShareDialog {...share} open onClose={onClose} itemName={collection.name} owner="you" />;
  const { candidates, access } = share;
  return (
    <ShareDialog
      {...share}
      candidates={candidates.status === 'ready' ? { ...candidates, people: [] } : candidates}
      access={access.status === 'ready' ? { ...access, canShareWithCompany: false } : access}
      open
      onClose={onClose}
      itemName={collection.name}
      texts={{
        title: (name) => t('sharing.restrict.title', { name }),
        search: t('sharing.restrict.search'),
        searchHint: t('sharing.restrict.hint'),
        nobodyYet: t('sharing.restrict.everyone'),
        whoHasAccess: t('sharing.restrict.groups'),
      }}
      renderNotice={(draft) =>
        onlyGroupsToView(draft) ? null : (
          <p role="alert" className="share-collection__notice">
            {t('sharing.restrict.onlyGroups')}
          </p>
        )
      }
    />
  );
}
