import type { SearchHit } from '@assistant/contracts';
import type { DocumentPreviewSource } from '@assistant/ui';
import { useCallback, useEffect, useState } from 'react';
import { fileContentRequest, getFilePages } from '../api/search-api';
import { passagePreview, type PassagePreview } from '../model/passage-highlights';

export type PassagePreviewState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; source: DocumentPreviewSource; preview: PassagePreview };

/**
 * What the preview of a hit needs: the file's pages (for the passage's boxes or its text) and,
 * for a PDF, the original file's URL with the bearer header (the preview fetches it itself).
 */
export function usePassagePreview(hit: SearchHit | null) {
  const [state, setState] = useState<PassagePreviewState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!hit) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    (async () => {
      const pages = await getFilePages(hit.file_id, controller.signal);
      const preview = passagePreview(hit, pages);
      if (preview.kind === 'text') return { source: { kind: 'text', text: preview.text } as const, preview };
      const { url, fetchInit } = await fileContentRequest(hit.file_id);
      return { source: { kind: 'pdf', url, fetchInit } as const, preview };
    })().then(
      ({ source, preview }) => !controller.signal.aborted && setState({ status: 'ready', source, preview }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [hit, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
