/**
 * Values the portal server inlines into `index.html` (scripts/serve-portal.mjs), saving their requests at start-up: the
 * runtime configuration (`/portal-config.json`) and the remote registry (`/remotes.json`) as one
 * `<script type="application/json" id="portal-startup">` (data, not script: the
 * Content-Security-Policy does not apply to it). Each value is checked by the same schema as the
 * file it stands for; a page without the tag (a plain static server, a CDN) fetches the files.
 */
export const INLINE_STARTUP_ID = 'portal-startup';

export interface InlineStartup {
  portalConfig?: unknown;
  registry?: unknown;
}

export function readInlineStartup(doc: Document = document): InlineStartup {
  const text = doc.getElementById(INLINE_STARTUP_ID)?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as InlineStartup) : {};
  } catch (error) {
    console.error(`[start] #${INLINE_STARTUP_ID} is not JSON; reading the files instead`, error);
    return {};
  }
}
