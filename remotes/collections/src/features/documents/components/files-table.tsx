import type { CollectionFile } from '@assistant/contracts';
import { formatLongDate, formatShortDate, useLocale } from '@assistant/platform';
import { Button, VisuallyHidden } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { fileLabel } from '../model/file-label';
import { fileKind } from '../model/file-type';
import { formatFileSize } from '../model/format-size';
import { NAMESPACE } from '../../../namespace';
import { dataCodeText } from './data-code-text';
import { FileNameButton } from './file-preview';
import { FileStatusBadge } from './file-status-badge';

export interface FilesTableProps {
  files: readonly CollectionFile[];
  /** Retry and Remove only for those who may change the collection. */
  canManage: boolean;
  /** Files with a retry or removal under way. */
  busy: ReadonlySet<string>;
  onRetry(file: CollectionFile): void;
  onRemove(file: CollectionFile): void;
}

/**
 * The collection's files: name, type, size, date, version, status (with the reason of a failure)
 * and actions. On a narrow screen (documents.css) each row is shown as a list item: the name on
 * its own line, wrapping between words, then the details, the status and the actions.
 */
export function FilesTable({ files, canManage, busy, onRetry, onRemove }: FilesTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  return (
    <div className="documents-table-scroll">
      <table className="documents-table documents-table--files">
        <caption>
          <VisuallyHidden>{t('documents.table.caption')}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('documents.table.name')}</th>
            <th scope="col">{t('documents.table.type')}</th>
            <th scope="col">{t('documents.table.size')}</th>
            <th scope="col">{t('documents.table.date')}</th>
            <th scope="col">{t('documents.table.version')}</th>
            <th scope="col">{t('documents.table.status')}</th>
            {canManage && <th scope="col">{t('documents.table.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {files.map((file) => {
            const failed = file.status === 'processing-failed';
            const working = busy.has(file.fileId);
            const label = fileLabel(file, files);
            return (
              <tr key={file.fileId}>
                <th scope="row" className="documents-table__name">
                  <FileNameButton file={file} />
                </th>
                <td className="documents-table__detail">{t(`documents.types.${fileKind(file.mediaType)}`)}</td>
                <td className="documents-table__detail documents-table__number">{formatFileSize(file.size, language)}</td>
                <td className="documents-table__detail">
                  <time dateTime={file.createdAt} title={formatLongDate(file.createdAt, { language })}>
                    {formatShortDate(file.createdAt, { language })}
                  </time>
                </td>
                <td className="documents-table__detail">{t('documents.version', { version: file.version })}</td>
                <td className="documents-table__status">
                  <FileStatusBadge state={file.status} />
                  {failed && <p className="documents-table__reason">{dataCodeText(t, file.error)}</p>}
                </td>
                {canManage && (
                  <td className="documents-table__row-actions">
                    <div className="documents-table__actions">
                      {failed && (
                        <Button size="sm" variant="secondary" disabled={working} onClick={() => onRetry(file)} aria-label={t('documents.retryLabel', { name: label })}>
                          {t('documents.retry')}
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" disabled={working} onClick={() => onRemove(file)} aria-label={t('documents.removeLabel', { name: label })}>
                        {t('documents.remove')}
                      </Button>
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
