/**
 * The content-disposition of an export file (an agent, a custom app) named after its title:
 * letters, digits, spaces, _ and - kept, spaces as -, `fallback` when nothing is left, then
 * `extension` (".agent.json"). The plain filename ("agent.json") is the ASCII fallback for old clients.
 */
export function exportAttachment(title: string, fallback: string, extension: string): string {
  const base = title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-') || fallback;
  return `attachment; filename="${fallback}.json"; filename*=UTF-8''${encodeURIComponent(`${base}${extension}`)}`;
}
