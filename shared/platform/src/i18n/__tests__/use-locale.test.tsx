import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { useLocale } from '../use-locale';

describe('useLocale', () => {
  it('gives the interface language and follows a change', async () => {
    initI18n({ language: 'de' });
    await changeLanguage('de');
    const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
    const { result } = renderHook(() => useLocale(), { wrapper });
    expect(result.current).toBe('de');
    await act(() => changeLanguage('en'));
    expect(result.current).toBe('en');
  });
});
