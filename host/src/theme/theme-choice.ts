import type { ThemeChoice } from '@assistant/platform';

/**
 * Where the theme for the next page load is kept on this browser: the last signed-in user's
 * choice, read by public/theme.js before the first paint (it cannot know the user yet). The
 * choice itself lives per user in the workspace store, so another user on the same browser gets
 * their own as soon as they are signed in. Keep the name in step with public/theme.js.
 */
export const THEME_STORAGE_KEY = 'assistant.theme';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/**
 * Shows the choice on `root`: `data-theme="light"` or `"dark"`, none for "system" (the tokens then
 * follow `prefers-color-scheme`), and remembers it for the next page load's first paint.
 */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the theme still applies; the next load starts from the system's.
  }
}
