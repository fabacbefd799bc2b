import type { CollectionSummary } from '@assistant/contracts';
import { useShareDialog } from '@assistant/endpoints';
import { ShareDialog, type ShareDraft } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface ShareCollectionDialogProps {
  collection: Pick<CollectionSummary, 'id' | 'name' | 'scope'>;
  onClose(): void;
}

/** A company collection is restricted by groups that can view it; people and the company mean nothing there. */
const onlyGroups = (draft: ShareDraft) => draft.shares.every((entry) => entry.target.type === 'group');

/**
 * The UI kit's share dialog for a collection (docs/collections.md "Sharing"). A personal one is
 * shared with people and groups to view or edit. A company one is restricted to groups: the same
 * dialog with its own words, offering groups only (no people, not the whole company) to view only,
 * and a note while the list holds anything but groups (given elsewhere before; the server refuses it).
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
      viewOnly
      texts={{
        title: (name) => t('sharing.restrict.title', { name }),
        search: t('sharing.restrict.search'),
        searchHint: t('sharing.restrict.hint'),
        nobodyYet: t('sharing.restrict.everyone'),
        whoHasAccess: t('sharing.restrict.groups'),
      }}
      renderNotice={(draft) =>
        onlyGroups(draft) ? null : (
          <p role="alert" className="share-collection__notice">
            {t('sharing.restrict.onlyGroups')}
          </p>
        )
      }
    />
  );
}
