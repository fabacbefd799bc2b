/**
 * JSON's own methods, captured before pdfjs-dist's legacy build is evaluated (pdf.ts imports this
 * module first): that build carries core-js polyfills which, on Node 20 (no `JSON.rawJSON`),
 * replace `JSON.stringify` and `JSON.parse` process-wide; the polyfilled stringify calls a replacer
 * for every key and is about 8 times slower, for every JSON line and query the server writes.
 */
export const nativeJson = { stringify: JSON.stringify, parse: JSON.parse };
