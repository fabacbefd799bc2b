import { useWorkspaceStore } from '@assistant/platform';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { applyThemeChoice } from './theme-choice';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystem(onChange: () => void): () => void {
  const query = window.matchMedia?.(DARK_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const systemIsDark = () => window.matchMedia?.(DARK_QUERY).matches ?? false;

/** The theme on screen: the user's choice, or the system's setting for "system" (followed live). */
export function useResolvedTheme(): 'light' | 'dark' {
  const choice = useWorkspaceStore((state) => state.theme);
  const dark = useSyncExternalStore(subscribeToSystem, systemIsDark, () => false);
  if (choice === 'system') return dark ? 'dark' : 'light';
  return choice;
}

/**
 * Keeps the page's theme on the signed-in user's choice (the shell's frame calls it once). A layout
 * effect, so the attribute is in place before any effect reads the colours.
 */
export function useThemeChoice(): void {
  const choice = useWorkspaceStore((state) => state.theme);
  useLayoutEffect(() => applyThemeChoice(choice), [choice]);
}
