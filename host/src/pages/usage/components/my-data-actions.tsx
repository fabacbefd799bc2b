import type { DataExportFormat, Locale } from '@assistant/contracts';
import { errorMessageText, useFlag } from '@assistant/platform';
import { ActionConfirmDialog, Button, downloadBlob } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { useDeleteMyConversations } from '../api/delete-my-conversations';
import { downloadMyData } from '../api/download-my-data';

type Outcome = { kind: 'info' | 'error'; text: string } | null;

/**
 * "Download my data" (JSON, Markdown: a file through the `/api` client, which carries the token)
 * and "Delete all my conversations" behind a confirmation naming what goes; each says how it
 * ended in a status line beside it.
 */
export function MyDataActions({ language }: { language: Locale }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [downloading, setDownloading] = useState<DataExportFormat | null>(null);
  const [exported, setExported] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);
  const removal = useDeleteMyConversations();
  // The deletion takes the memories too (docs/memory.md): said where the company has memory.
  const memoryOn = useFlag('enableMemory');

  const download = async (format: DataExportFormat) => {
    if (downloading) return;
    setDownloading(format);
    setExported({ kind: 'info', text: t('USAGE.data.downloading') });
    try {
      const { blob, fileName } = await downloadMyData(format);
      downloadBlob(blob, fileName);
      setExported({ kind: 'info', text: t('USAGE.data.downloaded') });
    } catch (error) {
      setExported({ kind: 'error', text: t('USAGE.data.exportFailed', { reason: errorMessageText(error, language) }) });
    } finally {
      setDownloading(null);
    }
  };

  const removeAll = async (): Promise<string | undefined> => {
    try {
      const count = await removal.mutateAsync();
      setDeleted(count === 0 ? t('USAGE.data.deletedNone') : t('USAGE.data.deleted', { count }));
      return undefined;
    } catch (error) {
      return t('USAGE.data.deleteFailed', { reason: errorMessageText(error, language) });
    }
  };

  return (
    <div className="usage-page__data">
      <div className="usage-page__data-part">
        <p>{t('USAGE.data.exportText')}</p>
        <div className="usage-page__buttons">
          <Button variant="secondary" loading={downloading === 'json'} aria-disabled={downloading !== null || undefined} onClick={() => void download('json')}>
            {t('USAGE.data.json')}
          </Button>
          <Button variant="secondary" loading={downloading === 'markdown'} aria-disabled={downloading !== null || undefined} onClick={() => void download('markdown')}>
            {t('USAGE.data.markdown')}
          </Button>
        </div>
        <p role="status" className={exported?.kind === 'error' ? 'usage-page__error' : 'usage-page__muted'}>
          {exported?.text}
        </p>
      </div>
      <div className="usage-page__data-part">
        <p>
          {t('USAGE.data.deleteText')}
          {memoryOn && ` ${t('USAGE.data.deleteMemory')}`}
        </p>
        <div className="usage-page__buttons">
          <Button
            variant="danger"
            onClick={() => {
              setDeleted(null);
              setConfirming(true);
            }}
          >
            {t('USAGE.data.delete')}
          </Button>
        </div>
        <p role="status" className="usage-page__muted">
          {deleted}
        </p>
      </div>
      {confirming && (
        <ActionConfirmDialog
          title={t('USAGE.data.confirmTitle')}
          message={memoryOn ? `${t('USAGE.data.confirmMessage')} ${t('USAGE.data.confirmMemory')}` : t('USAGE.data.confirmMessage')}
          confirmLabel={t('USAGE.data.confirm')}
          danger
          onConfirm={removeAll}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
