import type { PDFDocumentProxy } from 'pdfjs-dist';

/** A PDF to show: fetched from a URL (with the caller's headers, e.g. Authorization) or given as bytes. */
export type PdfSource = { kind: 'pdf'; url: string; fetchInit?: RequestInit } | { kind: 'pdf'; data: Uint8Array };

type Pdfjs = typeof import('pdfjs-dist');

let pdfjsModule: Promise<Pdfjs> | undefined;

/**
 * pdf.js, loaded on first use (its own chunk, never in the shell's initial bundle), with the
 * worker configured once.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= Promise.all([
    import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist'),
    // Also loaded lazily: the worker's URL is only needed with pdf.js, and jest (CommonJS) cannot
    // load a file with import.meta, so everything that imports the ui stays loadable in tests.
    import(/* webpackChunkName: "pdfjs" */ './pdf-worker'),
  ]).then(
    ([pdfjs, worker]) => {
      if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = worker.pdfWorkerSrc();
      return pdfjs;
    },
    (error: unknown) => {
      pdfjsModule = undefined; // a failed chunk load can be retried
      throw error;
    },
  );
  return pdfjsModule;
}

export type PdfLoadErrorKind = 'http' | 'encrypted' | 'invalid' | 'other';

export class PdfLoadError extends Error {
  constructor(
    readonly kind: PdfLoadErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PdfLoadError';
  }
}

function classify(error: unknown): PdfLoadError {
  if (error instanceof PdfLoadError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return new PdfLoadError('encrypted', message);
  if (name === 'InvalidPDFException') return new PdfLoadError('invalid', message);
  return new PdfLoadError('other', message);
}

/** The document-init options that matter for safety; exported for the docs and tests. */
export const SAFE_PDF_OPTIONS = {
  // No `new Function` for PDF functions: the portal's CSP has no 'unsafe-eval', and document
  // content is untrusted (DESIGN.md section 8).
  isEvalSupported: false,
  // No XFA forms (they would become HTML); no scripting exists in the API without the viewer.
  enableXfa: false,
} as const;

/**
 * Opens a PDF: fetches the bytes itself (so the caller's Authorization header and abort apply
 * and pdf.js never talks to the network), then parses them in the worker.
 */
export async function openPdf(source: PdfSource, signal: AbortSignal): Promise<PDFDocumentProxy> {
  try {
    const pdfjs = await loadPdfjs();
    let data: Uint8Array;
    if ('url' in source) {
      const response = await fetch(source.url, { ...source.fetchInit, signal });
      if (!response.ok) throw new PdfLoadError('http', `HTTP ${response.status}`, response.status);
      data = new Uint8Array(await response.arrayBuffer());
    } else {
      // pdf.js transfers (detaches) the buffer to its worker: keep the caller's bytes intact.
      data = source.data.slice();
    }
    signal.throwIfAborted();
    const task = pdfjs.getDocument({ data, ...SAFE_PDF_OPTIONS });
    const abort = () => void task.destroy();
    signal.addEventListener('abort', abort, { once: true });
    try {
      return await task.promise;
    } finally {
      signal.removeEventListener('abort', abort);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw classify(error);
  }
}
