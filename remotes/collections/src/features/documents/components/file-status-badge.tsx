import type { FileUploadState } from '@assistant/contracts';
import { Badge, type BadgeProps } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

const VARIANTS: Record<FileUploadState, NonNullable<BadgeProps['variant']>> = {
  idle: 'neutral',
  uploading: 'info',
  'uploading-failed': 'error',
  uploaded: 'info',
  processing: 'info',
  'processing-failed': 'error',
  processed: 'success',
  error: 'error',
  success: 'success',
};

/** A file's or an upload's state as text in a badge (the text carries the meaning, not the colour). */
export function FileStatusBadge({ state }: { state: FileUploadState }) {
  const { t } = useTranslation(NAMESPACE);
  return <Badge variant={VARIANTS[state]}>{t(`upload.state.${state}`)}</Badge>;
}
