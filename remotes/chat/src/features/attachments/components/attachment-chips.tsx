import { isImageFile, type FileUploadState } from '@assistant/contracts';
import { uploadProblemText } from '@assistant/platform';
import { Button, CloseIcon, IconButton, cx } from '@assistant/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { ImageThumbnail } from '../../images';
import type { AttachmentItem, AttachmentProblem } from '../model/attachment-item';
import './attachments.css';

export interface AttachmentChipsProps {
  items: readonly AttachmentItem[];
  /** The SPEC upload state of each item, same order. */
  states: readonly FileUploadState[];
  onRetry(id: string): void;
  onRemove(id: string): void;
}

const TONE: Record<FileUploadState, 'neutral' | 'busy' | 'failed' | 'done'> = {
  idle: 'neutral',
  uploading: 'busy',
  'uploading-failed': 'failed',
  uploaded: 'busy',
  processing: 'busy',
  'processing-failed': 'failed',
  processed: 'done',
  error: 'failed',
  success: 'done',
};

/**
 * The composer's attachments as chips: the file's name, its upload state in words (the nine SPEC
 * states), a progress bar while it is sent, why it failed, Retry (a failed upload or processing)
 * and Remove; an image with a thumbnail of itself. The state is text, never only a colour.
 */
export function AttachmentChips({ items, states, onRetry, onRemove }: AttachmentChipsProps) {
  const { t } = useTranslation(NAMESPACE);
  if (items.length === 0) return null;
  return (
    <ul className="attachment-chips" aria-label={t('attachments.listLabel')}>
      {items.map((item, index) => {
        const state = states[index]!;
        const name = item.file.name;
        const percent = item.progress === null ? null : Math.round(item.progress * 100);
        const retryable = state === 'uploading-failed' || state === 'processing-failed';
        return (
          <li key={item.id} className={cx('attachment-chip', `attachment-chip--${TONE[state]}`)}>
            <div className="attachment-chip__head">
              {isImageFile(item.file) && <ImageThumbnail file={item.file} />}
              <span className="attachment-chip__name" title={name}>
                {name}
              </span>
              <span className="attachment-chip__state">
                {state === 'uploading' && percent !== null ? t('attachments.uploadingPercent', { percent }) : t(`attachments.state.${state}`)}
              </span>
              {retryable && (
                <Button size="sm" variant="ghost" className="attachment-chip__retry" onClick={() => onRetry(item.id)} aria-label={t('attachments.retryLabel', { name })}>
                  {t('attachments.retry')}
                </Button>
              )}
              <IconButton size="sm" icon={<CloseIcon />} aria-label={t('attachments.removeLabel', { name })} onClick={() => onRemove(item.id)} />
            </div>
            {state === 'uploading' && (
              <progress className="attachment-chip__progress" max={100} value={percent ?? undefined} aria-label={t('attachments.progressLabel', { name })} />
            )}
            {item.problem && (state === 'uploading-failed' || state === 'error') && <p className="attachment-chip__problem">{problemText(t, item.problem)}</p>}
            {state === 'processing-failed' && <p className="attachment-chip__problem">{t('attachments.problem.processing')}</p>}
          </li>
        );
      })}
    </ul>
  );
}

function problemText(t: TFunction, problem: AttachmentProblem): string {
  if (problem.kind === 'no-conversation') return t('attachments.problem.noConversation');
  if (problem.kind === 'too-many-images') return t('attachments.problem.tooManyImages', { max: problem.max });
  return uploadProblemText(t, problem, 'attachments.problem');
}
