import { httpUrlSchema, type LibraryItem, type LibraryItemsPage } from '@assistant/contracts';
import { libraryItemsQuery } from '@assistant/endpoints';
import { useLocale, useQuery } from '@assistant/platform';
import { Badge, Button, ErrorState, Loading, type BadgeProps } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { NAMESPACE } from '../../../namespace';
import { dataCodeText, formatFileSize } from '../../documents';
import { describeLibraryError } from '../model/describe-library-error';
import { SYNC_POLLING } from '../model/sync-polling';

const ITEM_VARIANT: Record<LibraryItem['state'], BadgeProps['variant']> = {
  queued: 'neutral',
  importing: 'primary',
  imported: 'success',
  unchanged: 'success',
  skipped: 'info',
  failed: 'error',
  removed: 'neutral',
};

/** Why a file was not imported: the skip reason, the ingestion's DATA code text, or the server's problem text. */
function itemReason(t: TFunction, item: LibraryItem): string | null {
  if (item.state === 'skipped' && item.skip_reason) return t(`libraries.items.skip.${item.skip_reason}`);
  if (item.state !== 'failed') return null;
  if (item.error_code) return dataCodeText(t, { dataCode: item.error_code });
  return item.problem ?? t('libraries.items.failedUnknown');
}

/** Only http(s) links: the address comes from the library, and a `javascript:` one must not become a link. */
const linkHome = (url: string | null) => (url !== null && httpUrlSchema.safeParse(url).success ? url : null);

/**
 * How often a page of files is asked again: while the folder syncs, and after it while files of the
 * page are still being processed (a sync ends when the files are handed over, not when they are searchable).
 */
const followInterval =
  (syncing: boolean) =>
  ({ state }: { state: { data?: LibraryItemsPage } }): number | false =>
    syncing || state.data?.items.some((item) => item.state === 'importing') ? SYNC_POLLING.intervalMs : false;

export interface BindingItemsProps {
  bindingId: string;
  folderPath: string;
  /** While the binding syncs, the list is asked again with its progress. */
  syncing: boolean;
}

/** The rows of one page of files; the first page's states (loading, failed, empty) are the list's. */
function ItemRows({ bindingId, cursor, syncing }: { bindingId: string; cursor: string | null; syncing: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const page = useQuery({ ...libraryItemsQuery(bindingId, cursor), refetchInterval: followInterval(syncing) });
  if (!page.data) return null;
  return page.data.items.map((item) => {
    const reason = itemReason(t, item);
    const home = linkHome(item.source_url);
    return (
      <li key={item.path} className="binding-item">
        <span className="binding-item__path">{item.path}</span>
        <span className="binding-item__meta">
          <Badge variant={ITEM_VARIANT[item.state]}>{t(`libraries.items.state.${item.state}`)}</Badge>
          <span>{formatFileSize(item.size, language)}</span>
          {home && (
            <a href={home} target="_blank" rel="noopener noreferrer" aria-label={t('libraries.items.openLabel', { path: item.path })}>
              {t('libraries.items.open')}
            </a>
          )}
        </span>
        {reason && <span className="binding-item__reason">{reason}</span>}
      </li>
    );
  });
}

/**
 * The files of a synced folder, failures and skips first (the server's order), page by page:
 * path, size, state, why one was skipped or failed, and a link to the original in the library.
 * Each page is its own query (the same ones the rows read), so every shown page follows a sync.
 */
export function BindingItems({ bindingId, folderPath, syncing }: BindingItemsProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const refetchInterval = followInterval(syncing);
  const first = useQuery({ ...libraryItemsQuery(bindingId, null), refetchInterval });
  const last = useQuery({ ...libraryItemsQuery(bindingId, cursors.at(-1) ?? null), refetchInterval });

  if (first.isPending) return <Loading label={t('libraries.items.loading')} showLabel />;
  const failed = first.isError ? first : last.isError ? last : null;
  if (failed)
    return (
      <ErrorState
        headingLevel={4}
        title={t('libraries.items.failed')}
        message={describeLibraryError(failed.error, t, language).message}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
        retryLabel={t('libraries.items.retry')}
      />
    );
  if (first.data?.items.length === 0) return <p className="binding-items__empty">{t('libraries.items.empty')}</p>;
  const next = last.data?.next_cursor ?? null;
  return (
    <div className="binding-items">
      <ul className="binding-items__list" aria-label={t('libraries.items.label', { path: folderPath })}>
        {cursors.map((cursor) => (
          <ItemRows key={cursor ?? 'first'} bindingId={bindingId} cursor={cursor} syncing={syncing} />
        ))}
      </ul>
      {(next !== null || last.isPending) && (
        <Button size="sm" variant="secondary" loading={last.isPending} onClick={() => next !== null && setCursors((shown) => [...shown, next])}>
          {t('libraries.items.more')}
        </Button>
      )}
    </div>
  );
}
