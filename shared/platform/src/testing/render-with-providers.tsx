import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from '@assistant/routing';
import type { Locale } from '@assistant/contracts';
import { i18n, initI18n } from '../i18n/i18n';
import { ServerStateProvider } from '../server-state/server-state-provider';
import './reset-between-tests';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial route (path, query and hash); '/' by default. */
  route?: string;
  /** Interface language; German by default. */
  language?: Locale;
}

/** Renders inside the platform's i18n instance, its QueryClient and a MemoryRouter. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}): RenderResult {
  const { route = '/', language = 'de', ...renderOptions } = options;
  initI18n({ language });
  void i18n.changeLanguage(language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ServerStateProvider>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </ServerStateProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper: Wrapper, ...renderOptions });
}
