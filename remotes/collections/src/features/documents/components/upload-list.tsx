import type { CollectionFile, FileUploadState } from '@assistant/contracts';
import { isSettledUpload, uploadProblemText, type UploadItem } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { dataCodeText } from './data-code-text';
import { FileStatusBadge } from './file-status-badge';

export interface UploadListProps {
  items: readonly UploadItem[];
  /** The state of each item, same order (uploadStates). */
  states: readonly FileUploadState[];
  files: readonly CollectionFile[];
  onRetry(id: string): void;
  onDismiss(id: string): void;
  onClearFinished(): void;
}

/** The files of this visit's uploads: state, progress bar while sending, why one failed, retry and dismiss. */
export function UploadList({ items, states, files, onRetry, onDismiss, onClearFinished }: UploadListProps) {
  const { t } = useTranslation(NAMESPACE);
  if (items.length === 0) return null;
  const anySettled = states.some(isSettledUpload);
  return (
    <div className="documents-uploads">
      <ul className="documents-uploads__list" aria-label={t('upload.listLabel')}>
        {items.map((item, index) => {
          const state = states[index]!;
          const name = item.file.name;
          const percent = item.progress === null ? null : Math.round(item.progress * 100);
          const failure = files.find((file) => file.fileId === item.fileId)?.error;
          return (
            <li key={item.id} className="documents-uploads__item">
              <div className="documents-uploads__head">
                <span className="documents-uploads__name">{name}</span>
                <FileStatusBadge state={state} />
              </div>
              {state === 'uploading' && (
                <div className="documents-uploads__progress">
                  <progress max={100} value={percent ?? undefined} aria-label={t('upload.progressLabel', { name })} />
                  <span aria-hidden="true">{percent === null ? '' : `${percent} %`}</span>
                </div>
              )}
              {item.problem && (state === 'uploading-failed' || state === 'error') && (
                <p className="documents-uploads__problem">{uploadProblemText(t, item.problem, 'upload.problem')}</p>
              )}
              {state === 'processing-failed' && <p className="documents-uploads__problem">{dataCodeText(t, failure)}</p>}
              {(state === 'uploading-failed' || isSettledUpload(state)) && (
                <div className="documents-uploads__actions">
                  {state === 'uploading-failed' && (
                    <Button size="sm" variant="secondary" onClick={() => onRetry(item.id)} aria-label={t('upload.retryLabel', { name })}>
                      {t('upload.retry')}
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => onDismiss(item.id)} aria-label={t('upload.dismissLabel', { name })}>
                    {t('upload.dismiss')}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {anySettled && (
        <Button size="sm" variant="ghost" onClick={onClearFinished}>
          {t('upload.clearFinished')}
        </Button>
      )}
    </div>
  );
}
