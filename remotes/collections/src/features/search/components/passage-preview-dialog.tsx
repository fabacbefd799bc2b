import type { SearchHit } from '@assistant/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreviewDialog } from '../../documents';

export interface PassagePreviewDialogProps {
  hit: SearchHit | null;
  onClose: () => void;
}

/**
 * The document of a hit in the documents' preview dialog, opened at the passage, whose exact
 * characters are marked (passages never cross a page: one segment).
 */
export function PassagePreviewDialog({ hit, onClose }: PassagePreviewDialogProps) {
  const { t } = useTranslation('collections');
  const location = useMemo(
    () => (hit ? { collectionId: hit.collection_id, fileId: hit.file_id, segments: [{ page: hit.page_number, start: hit.start_offset, end: hit.end_offset }] } : null),
    [hit],
  );
  if (!hit) return null;
  return (
    <FilePreviewDialog
      file={{ fileId: hit.file_id, name: hit.file_name, mediaType: hit.media_type }}
      location={location}
      text={hit.text}
      description={t('search.previewDescription', { page: hit.page_number })}
      onClose={onClose}
    />
  );
}
