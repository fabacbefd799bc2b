import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setPersistenceUser, useWorkspaceStore } from '@assistant/platform';
import { act, render, screen } from '@testing-library/react';
import { THEME_STORAGE_KEY } from '../theme-choice';
import { useResolvedTheme, useThemeChoice } from '../use-resolved-theme';

const root = document.documentElement;

/** A matchMedia whose dark-mode answer the test flips, telling its listeners. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = jest.fn(() => query) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Probe() {
  useThemeChoice();
  return <p>{useResolvedTheme()}</p>;
}

describe('theme choice', () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(async () => {
    window.matchMedia = originalMatchMedia;
    await act(() => setPersistenceUser(null));
    localStorage.clear();
    root.removeAttribute('data-theme');
  });

  it('follows the system live for "system", and a light or dark choice wins over it', () => {
    const system = fakeSystem(false);
    render(<Probe />);
    expect(screen.getByText('light')).toBeInTheDocument();
    expect(root).not.toHaveAttribute('data-theme');
    system.set(true);
    expect(screen.getByText('dark')).toBeInTheDocument();
    expect(root).not.toHaveAttribute('data-theme'); // the tokens' media query does the rest

    act(() => useWorkspaceStore.getState().setTheme('light'));
    expect(screen.getByText('light')).toBeInTheDocument();
    expect(root).toHaveAttribute('data-theme', 'light');
    act(() => useWorkspaceStore.getState().setTheme('dark'));
    system.set(false);
    expect(screen.getByText('dark')).toBeInTheDocument();
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('is remembered per user: another user on the same browser gets their own, the first gets theirs back', async () => {
    fakeSystem(false);
    await act(() => setPersistenceUser('anna'));
    render(<Probe />);
    act(() => useWorkspaceStore.getState().setTheme('dark'));
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await act(() => setPersistenceUser('ben'));
    expect(useWorkspaceStore.getState().theme).toBe('system');
    expect(root).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();

    await act(() => setPersistenceUser('anna'));
    expect(screen.getByText('dark')).toBeInTheDocument();
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('public/theme.js sets the remembered theme before the first paint, and nothing else', () => {
    const snippet = readFileSync(join(__dirname, '../../../public/theme.js'), 'utf8');
    const run = () => new Function(snippet)() as void;
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(root).toHaveAttribute('data-theme', 'dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    run();
    expect(root).toHaveAttribute('data-theme', 'light');
    root.removeAttribute('data-theme');
    localStorage.setItem(THEME_STORAGE_KEY, '"><script>');
    run();
    expect(root).not.toHaveAttribute('data-theme');
    expect(Buffer.byteLength(snippet.replace(/^\/\/.*\n/gm, ''))).toBeLessThan(300);
  });
});
