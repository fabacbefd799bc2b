import type { SearchHit } from '@assistant/contracts';
import { skipToken, useQuery } from '@assistant/platform';
import type { DocumentPreviewSource } from '@assistant/ui';
import { useMemo } from 'react';
import { fileKeys } from '../../../query-keys';
import { fileContentRequest } from '../api/file-content-request';
import { filePagesQuery } from '../api/get-file-pages';
import { passagePreview, type PassagePreview } from '../model/passage-highlights';

export type PassagePreviewState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; source: DocumentPreviewSource; preview: PassagePreview };

/**
 * What the preview of a hit needs: the file's pages (for the passage's boxes or its text) and,
 * for a PDF, the original file's URL with the bearer header (the preview fetches it itself; asked
 * each time, so the token in it is current).
 */
export function usePassagePreview(hit: SearchHit | null) {
  const pages = useQuery({ ...filePagesQuery(hit?.file_id ?? ''), enabled: hit !== null });
  // Kept while the pages stay the same, so the preview is not drawn anew on every render.
  const preview = useMemo(() => (hit && pages.data ? passagePreview(hit, pages.data) : undefined), [hit, pages.data]);
  const fileId = hit?.file_id;
  const content = useQuery({
    queryKey: [...fileKeys.pages(fileId ?? ''), 'content-request'],
    queryFn: preview?.kind === 'pdf' && fileId ? () => fileContentRequest(fileId) : skipToken,
    gcTime: 0,
  });

  const retry = () => {
    if (pages.isError) void pages.refetch();
    else void content.refetch();
  };

  const source = useMemo((): DocumentPreviewSource | undefined => {
    if (preview?.kind === 'text') return { kind: 'text', text: preview.text };
    return content.data ? { kind: 'pdf', ...content.data } : undefined;
  }, [preview, content.data]);

  let state: PassagePreviewState = { status: 'loading' };
  if (pages.isError) state = { status: 'error', error: pages.error };
  else if (preview?.kind !== 'text' && content.isError) state = { status: 'error', error: content.error };
  else if (preview && source) state = { status: 'ready', source, preview };
  return { state, retry };
}
