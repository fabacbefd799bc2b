import { z } from 'zod';

/** Where the user was before sign-in (SPEC section 3): saved in session storage, restored after /callback. */
export interface RedirectInfo {
  pathname: string;
  search: string;
  hash: string;
}

export const REDIRECT_INFO_KEY = 'assistant.redirect-info';

// Local storage shape, not an API contract: checked because anything may have written the entry.
// Only same-origin paths pass ('/x', never '//host' or 'https://...'), so the entry cannot be
// turned into an open redirect.
const redirectInfoSchema = z.object({
  pathname: z.string().regex(/^\/(?![/\\])/),
  search: z.string().refine((s) => s === '' || s.startsWith('?')),
  hash: z.string().refine((s) => s === '' || s.startsWith('#')),
});

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function saveRedirectInfo(location: RedirectInfo): void {
  const parsed = redirectInfoSchema.safeParse({ pathname: location.pathname, search: location.search, hash: location.hash });
  if (!parsed.success) return;
  storage()?.setItem(REDIRECT_INFO_KEY, JSON.stringify(parsed.data));
}

/** Reads and removes the saved location; null when none (or a broken one) is saved. */
export function takeRedirectInfo(): RedirectInfo | null {
  const store = storage();
  const raw = store?.getItem(REDIRECT_INFO_KEY) ?? null;
  store?.removeItem(REDIRECT_INFO_KEY);
  if (raw === null) return null;
  try {
    const parsed = redirectInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function redirectInfoToPath(info: RedirectInfo): string {
  return `${info.pathname}${info.search}${info.hash}`;
}
