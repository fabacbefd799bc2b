/**
 * Where the pdf.js worker comes from. webpack 5 emits the worker file as an asset for this
 * `new URL(..., import.meta.url)`; kept alone in this file so jest (CommonJS, no import.meta) can
 * mock it.
 */
export function pdfWorkerSrc(): string {
  return new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
}
