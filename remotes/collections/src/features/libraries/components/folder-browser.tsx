import type { LibraryFolder } from '@assistant/contracts';
import { libraryFoldersQuery } from '@assistant/endpoints';
import { useLocale, useQuery } from '@assistant/platform';
import { Button, Checkbox, ErrorState, Loading } from '@assistant/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { describeLibraryError } from '../model/describe-library-error';

export interface FolderBrowserProps {
  libraryId: string;
  libraryName: string;
  /** The chosen folders by id. */
  selected: ReadonlyMap<string, LibraryFolder>;
  onToggle(folder: LibraryFolder, chosen: boolean): void;
}

/**
 * Browses a library's folders one level at a time: breadcrumbs back to any folder above, each
 * sub-folder with a checkbox (sync it, sub-folders included) and "Open". The folder shown can be
 * chosen whole too. After opening a folder focus goes to its name in the breadcrumbs, so a screen
 * reader hears where it is.
 */
export function FolderBrowser({ libraryId, libraryName, selected, onToggle }: FolderBrowserProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  // The folders from the root to the one shown; empty at the root.
  const [trail, setTrail] = useState<LibraryFolder[]>([]);
  const [moved, setMoved] = useState(false);
  const currentRef = useRef<HTMLSpanElement>(null);
  const current = trail.at(-1) ?? null;
  const query = useQuery(libraryFoldersQuery(libraryId, current?.id ?? null));

  useEffect(() => {
    if (moved) currentRef.current?.focus();
  }, [moved, trail]);

  const go = (next: LibraryFolder[]) => {
    setTrail(next);
    setMoved(true);
  };

  const crumbs = [{ label: libraryName, trail: [] as LibraryFolder[] }, ...trail.map((folder, index) => ({ label: folder.name, trail: trail.slice(0, index + 1) }))];

  let body;
  if (query.isPending) body = <Loading label={t('libraries.folders.loading')} showLabel />;
  else if (query.isError)
    body = (
      <ErrorState
        headingLevel={3}
        title={t('libraries.folders.failed')}
        message={describeLibraryError(query.error, t, language).message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        retryLabel={t('libraries.folders.retry')}
      />
    );
  else {
    const { folders, file_count: fileCount, more } = query.data;
    body = (
      <>
        {current && (
          <Checkbox
            className="folder-browser__whole"
            label={t('libraries.folders.chooseThis', { name: current.name })}
            checked={selected.has(current.id)}
            onChange={(event) => onToggle(current, event.target.checked)}
          />
        )}
        {folders.length === 0 ? (
          <p className="folder-browser__empty">{t('libraries.folders.none')}</p>
        ) : (
          <ul className="folder-browser__list" aria-label={t('libraries.folders.listLabel', { name: current?.name ?? libraryName })}>
            {folders.map((folder) => (
              <li key={folder.id} className="folder-browser__item">
                <Checkbox label={folder.name} checked={selected.has(folder.id)} onChange={(event) => onToggle(folder, event.target.checked)} />
                <Button size="sm" variant="ghost" onClick={() => go([...trail, folder])} aria-label={t('libraries.folders.openLabel', { name: folder.name })}>
                  {t('libraries.folders.open')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p className="folder-browser__counts">
          {t('libraries.folders.files', { count: fileCount })}
          {more > 0 && ` ${t('libraries.folders.more', { count: more })}`}
        </p>
      </>
    );
  }

  return (
    <div className="folder-browser">
      <nav aria-label={t('libraries.folders.breadcrumbs')}>
        <ol className="folder-browser__crumbs">
          {crumbs.map((crumb, index) =>
            index === crumbs.length - 1 ? (
              <li key={index}>
                <span ref={currentRef} tabIndex={-1} aria-current="location" className="folder-browser__crumb-current">
                  {crumb.label}
                </span>
              </li>
            ) : (
              <li key={index}>
                <button type="button" className="folder-browser__crumb" onClick={() => go(crumb.trail)}>
                  {crumb.label}
                </button>
              </li>
            ),
          )}
        </ol>
      </nav>
      {body}
    </div>
  );
}
