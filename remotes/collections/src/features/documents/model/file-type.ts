/** The kinds of document the collections take (docs/collections.md "Upload limits and type detection"). */
export type FileKind = 'pdf' | 'word' | 'html' | 'markdown' | 'text' | 'other';

const BY_MEDIA_TYPE: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/msword': 'word',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
  'text/csv': 'text',
};

/**
 * The kind of a stored file from its media type ("text/plain; charset=utf-8" -> text). The server
 * detects the type by content, so the media type decides, not the name; other text/* types count
 * as text.
 */
export function fileKind(mediaType: string): FileKind {
  const essence = mediaType.split(';')[0]!.trim().toLowerCase();
  const known = BY_MEDIA_TYPE[essence];
  if (known) return known;
  if (essence.startsWith('text/')) return 'text';
  return 'other';
}
