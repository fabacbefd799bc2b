import type { CollectionSummary } from '@assistant/contracts';
import { formatShortDate, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';
import { CollectionSharingBadge } from './collection-sharing-badge';

export interface CollectionListItemProps {
  collection: CollectionSummary;
  /** Whether to offer share, rename and delete (its owner; administrators for a company one). */
  manageable: boolean;
  onRename(collection: CollectionSummary): void;
  onDelete(collection: CollectionSummary): void;
  onShare(collection: CollectionSummary): void;
}

/**
 * One collection: its name links to its details (`../{id}` from the tab's route, so
 * /collections/{id}), then how it is shared, the number of files and the date of the last change;
 * rename, delete and share (a company one: restrict to groups) when the user manages it, each
 * named with the collection ("Rename Quarterly reports").
 */
export function CollectionListItem({ collection, manageable, onRename, onDelete, onShare }: CollectionListItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const date = formatShortDate(collection.updated_at, { language: useLocale() });
  const name = collection.name;
  const shareAction = collection.scope === 'company' ? 'restrict' : 'share';
  return (
    <li className="collection-item">
      <div className="collection-item__main">
        <div className="collection-item__title">
          <Link to={`../${encodeURIComponent(collection.id)}`} className="collection-item__name">
            {name}
          </Link>
          <CollectionSharingBadge collection={collection} />
        </div>
        <p className="collection-item__meta">
          <span>{t('list.fileCount', { count: collection.file_count })}</span>
          <span>
            <Trans
              t={t}
              i18nKey="list.updated"
              values={{ date }}
              components={{ time: <time dateTime={collection.updated_at} /> }}
            />
          </span>
        </p>
      </div>
      {manageable && (
        <div className="collection-item__actions">
          <Button variant="ghost" size="sm" aria-label={t('list.actions.renameNamed', { name })} onClick={() => onRename(collection)}>
            {t('list.actions.rename')}
          </Button>
          <Button variant="ghost" size="sm" aria-label={t('list.actions.deleteNamed', { name })} onClick={() => onDelete(collection)}>
            {t('list.actions.delete')}
          </Button>
          <Button variant="ghost" size="sm" aria-label={t(`list.actions.${shareAction}Named`, { name })} onClick={() => onShare(collection)}>
            {t(`list.actions.${shareAction}`)}
          </Button>
        </div>
      )}
    </li>
  );
}
