import { DEFAULT_CUSTOMIZATION, type Customization } from '@assistant/contracts';
import { useWorkspaceStore } from '@assistant/platform';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useBranding } from '../use-branding';
import { darkVariant } from '../dark-brand-colors';

const css = (name: string) => document.documentElement.style.getPropertyValue(name);
const customization: Customization = { ...DEFAULT_CUSTOMIZATION, colors: { primary: '#00529b', surface: '#fffdf5' } };

describe('useBranding', () => {
  afterEach(() => act(() => useWorkspaceStore.getState().setTheme('system')));

  it('applies the brand colours in light, their dark variants in dark, and the light theme\'s surface only in light', async () => {
    act(() => useWorkspaceStore.getState().setTheme('light'));
    const { unmount } = renderHook(() => useBranding(customization));
    expect(css('--ui-color-primary')).toBe('#00529b');
    expect(css('--ui-color-surface')).toBe('#fffdf5');

    act(() => useWorkspaceStore.getState().setTheme('dark'));
    // At once the dark defaults (nothing inline), then the variants from their chunk.
    expect(css('--ui-color-surface')).toBe('');
    await waitFor(() => expect(css('--ui-color-primary')).toBe(darkVariant('#00529b')));
    expect(css('--ui-color-primary')).not.toBe('#00529b');
    expect(css('--ui-color-on-primary')).toBe('#0d1117');
    expect(css('--ui-color-surface')).toBe('');

    act(() => useWorkspaceStore.getState().setTheme('light'));
    expect(css('--ui-color-primary')).toBe('#00529b');
    unmount();
    expect(css('--ui-color-primary')).toBe('');
  });
});
