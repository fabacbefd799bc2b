/**
 * The media type of a cited document by its file name (the run's sources name the file, not its
 * type), so the preview opens a PDF as pages and anything else as text. undefined when unknown.
 */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html',
  htm: 'text/html',
  md: 'text/markdown',
  txt: 'text/plain',
};

export function mediaTypeOfName(fileName: string | undefined): string | undefined {
  const extension = fileName?.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase();
  return extension ? BY_EXTENSION[extension] : undefined;
}
