/**
 * The link target of untrusted Markdown (model output, documents), or undefined when it must not
 * become a link: only http(s) and mailto, and in-page anchors. `javascript:`, `data:`, `vbscript:`,
 * `file:` and everything else are dropped, also when disguised with control characters, white
 * space or entities the browser would ignore (marked has already decoded entities).
 */
export function safeHref(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  // Browsers strip leading C0 controls and spaces and ignore tabs and newlines inside a scheme.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
  const cleaned = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (cleaned.startsWith('#')) return cleaned;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https' || scheme === 'mailto') {
    return URL.canParse(cleaned) ? cleaned : undefined;
  }
  // No scheme: a relative link would point into the portal itself; not a model's business.
  return undefined;
}
