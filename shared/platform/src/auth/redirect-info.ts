/** Where the user was before sign-in (SPEC section 3): saved in session storage, restored after /callback. */
export interface RedirectInfo {
  pathname: string;
  search: string;
  hash: string;
}

export const REDIRECT_INFO_KEY = 'assistant.redirect-info';

// Session storage shape, not an API contract: checked because anything may have written the entry.
// Only same-origin paths pass ('/x', never '//host' or 'https://...'), so the entry cannot be
// turned into an open redirect. Checked by hand, without zod: auth.ts loads before the first paint.
function checked(value: unknown): RedirectInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { pathname, search, hash } = value as Partial<Record<keyof RedirectInfo, unknown>>;
  if (typeof pathname !== 'string' || !/^\/(?![/\\])/.test(pathname)) return null;
  if (typeof search !== 'string' || (search !== '' && !search.startsWith('?'))) return null;
  if (typeof hash !== 'string' || (hash !== '' && !hash.startsWith('#'))) return null;
  return { pathname, search, hash };
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function saveRedirectInfo(location: RedirectInfo): void {
  const info = checked(location);
  if (info) storage()?.setItem(REDIRECT_INFO_KEY, JSON.stringify(info));
}

/** Reads and removes the saved location; null when none (or a broken one) is saved. */
export function takeRedirectInfo(): RedirectInfo | null {
  const store = storage();
  const raw = store?.getItem(REDIRECT_INFO_KEY) ?? null;
  store?.removeItem(REDIRECT_INFO_KEY);
  if (raw === null) return null;
  try {
    return checked(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function redirectInfoToPath(info: RedirectInfo): string {
  return `${info.pathname}${info.search}${info.hash}`;
}
