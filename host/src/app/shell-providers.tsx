import { i18n, ServerStateProvider } from '@assistant/platform';
import { UI_TEXTS_DE, UI_TEXTS_EN, UiTextsProvider } from '@assistant/ui';
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ShellContext, type ShellContextValue } from './shell-context';

/** The design system's built-in words follow the interface language. */
function UiTextsByLanguage({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return <UiTextsProvider texts={instance.language === 'en' ? UI_TEXTS_EN : UI_TEXTS_DE}>{children}</UiTextsProvider>;
}

/** Everything a page of the shell or a remote finds above it: the one i18next, the one QueryClient, ui texts, the shell's decisions. */
export function ShellProviders({ shell, children }: { shell?: ShellContextValue; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServerStateProvider>
          <UiTextsByLanguage>
            {shell ? <ShellContext.Provider value={shell}>{children}</ShellContext.Provider> : children}
          </UiTextsByLanguage>
        </ServerStateProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
