import type { CollectionSummary } from '@assistant/contracts';
import { Badge, SharingBadge } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { restrictedTo } from '../model/collection-access';

/**
 * How a collection reaches the user: a personal one "Shared by Maria" or "Shared with Finance"
 * (the UI kit's badge); a company one "Only for Finance" to its administrators, and "Only for
 * some groups" to a reader who reaches it through one of them.
 */
export function CollectionSharingBadge({ collection }: { collection: Pick<CollectionSummary, 'scope' | 'sharing'> }) {
  const { t } = useTranslation(NAMESPACE);
  if (collection.scope === 'personal') return <SharingBadge sharing={collection.sharing} />;
  const groups = restrictedTo(collection);
  if (groups.length > 0) return <Badge variant="info">{t('sharing.onlyFor', { names: groups.join(', ') })}</Badge>;
  if (collection.sharing?.shared_by) return <Badge variant="info">{t('sharing.restricted')}</Badge>;
  return null;
}
