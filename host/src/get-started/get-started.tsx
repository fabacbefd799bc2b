import { currentLanguage, i18n, useConfigStore, useWorkspaceStore } from '@assistant/platform';
import { useNavigate } from '@assistant/routing';
import { Button, Dialog } from '@assistant/ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { PrivacyNotice, PrivacyNoticeText } from '../layout/privacy-notice';
import type { NavigationItem } from '../navigation/build-navigation';
import { useOnboardingQuery } from './api/get-onboarding';
import { useUpdateOnboarding } from './api/update-onboarding';
import { useGetStartedStore } from './get-started-store';
import { addGetStartedTexts } from './get-started-texts';
import './get-started.css';

type Step = 'offers' | 'privacy' | 'language' | 'start';

/** Where "Upload a document" leads: the personal collections, where a document is added. */
const UPLOAD_PATH = '/collections/personal';

/**
 * The guided start: shown while the server says the user has not been through it (or when they
 * reopen it from the user menu). Until the server has answered nothing shows; when it cannot
 * answer, the privacy notice alone (remembered in this browser) keeps its promise.
 */
export function GetStarted({ navigation }: { navigation: readonly NavigationItem[] }) {
  useState(addGetStartedTexts);
  const onboarding = useOnboardingQuery();
  const reopened = useGetStartedStore((state) => state.reopened);
  if (reopened) return <GetStartedDialog navigation={navigation} />;
  if (onboarding.isError) return <PrivacyNotice />;
  if (onboarding.data?.status !== 'pending') return null;
  return <GetStartedDialog navigation={navigation} />;
}

/**
 * Four steps, each skippable (the Skip button, the close button and Escape): what the portal
 * offers this user, the privacy notice, the interface language, and a first thing to do. A step
 * change moves focus to the step's heading, which says "Step 2 of 4" and the step's name.
 */
function GetStartedDialog({ navigation }: { navigation: readonly NavigationItem[] }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const navigate = useNavigate();
  const customization = useConfigStore((state) => state.config.customization);
  const markPrivacyNoticeShown = useWorkspaceStore((state) => state.markPrivacyNoticeShown);
  const hide = useGetStartedStore((state) => state.hide);
  const update = useUpdateOnboarding();
  const hasPrivacyText = Boolean(customization.privacy_policy_notice[currentLanguage()].text.trim());
  const steps: Step[] = hasPrivacyText ? ['offers', 'privacy', 'language', 'start'] : ['offers', 'language', 'start'];
  const [index, setIndex] = useState(0);
  const step = steps[index]!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const name = customization.application_name;
  const chat = navigation.find((item) => item.id === 'chat');
  const collections = navigation.find((item) => item.id === 'collections');

  useEffect(() => {
    // The dialog focuses the first step's heading itself; later steps move focus here.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  const end = (status: 'completed' | 'skipped', then?: string) => {
    // The notice was part of the start: not shown again as a dialog of its own in this browser either.
    markPrivacyNoticeShown();
    hide();
    update.mutate(status === 'skipped' ? { status, step: index + 1 } : { status });
    if (then) void navigate(then);
  };
  const skip = () => end('skipped');
  const last = index === steps.length - 1;

  const titles: Record<Step, string> = {
    offers: t('GET_STARTED.offersTitle', { name }),
    privacy: t('GET_STARTED.privacyTitle'),
    language: t('GET_STARTED.languageTitle'),
    start: t('GET_STARTED.startTitle'),
  };

  return (
    <Dialog
      open
      onClose={skip}
      title={t('GET_STARTED.title', { name })}
      closeLabel={t('GET_STARTED.skipAll')}
      initialFocusRef={headingRef}
      size="lg"
      className="get-started"
      footer={
        <>
          <Button variant="ghost" className="get-started__skip" onClick={skip}>
            {t('GET_STARTED.skip')}
          </Button>
          {index > 0 && (
            <Button variant="secondary" onClick={() => setIndex(index - 1)}>
              {t('GET_STARTED.back')}
            </Button>
          )}
          {last ? (
            <Button variant={chat || collections ? 'secondary' : 'primary'} onClick={() => end('completed')}>
              {t('GET_STARTED.finish')}
            </Button>
          ) : (
            <Button onClick={() => setIndex(index + 1)}>{t('GET_STARTED.next')}</Button>
          )}
        </>
      }
    >
      <h3 ref={headingRef} tabIndex={-1} className="get-started__heading">
        <span className="get-started__progress">{t('GET_STARTED.progress', { step: index + 1, count: steps.length })}</span>
        <span className="ui-visually-hidden">: </span>
        <span>{titles[step]}</span>
      </h3>
      <ol className="get-started__dots" aria-hidden="true">
        {steps.map((key, position) => (
          <li key={key} data-current={position === index || undefined} data-done={position < index || undefined} />
        ))}
      </ol>
      {step === 'offers' && <OffersStep navigation={navigation} />}
      {step === 'privacy' && <PrivacyNoticeText policyInNewTab />}
      {step === 'language' && <LanguageStep />}
      {step === 'start' && (
        <StartStep>
          {chat && <Button onClick={() => end('completed', chat.to)}>{t('GET_STARTED.ask')}</Button>}
          {collections && (
            <Button variant={chat ? 'secondary' : 'primary'} onClick={() => end('completed', UPLOAD_PATH)}>
              {t('GET_STARTED.upload')}
            </Button>
          )}
        </StartStep>
      )}
    </Dialog>
  );
}

/** The areas switched on for this user, each with a line on what it is for (where the shell has one). */
function OffersStep({ navigation }: { navigation: readonly NavigationItem[] }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  if (navigation.length === 0) return <p>{t('GET_STARTED.offersNone')}</p>;
  return (
    <>
      <p>{t('GET_STARTED.offersIntro')}</p>
      <ul className="get-started__offers">
        {navigation.map((item) => {
          const descriptionKey = `GET_STARTED.offers.${item.labelKey.replace(/^NAVIGATION\./, '')}`;
          return (
            <li key={item.id}>
              <strong>{t(item.labelKey)}</strong>
              {i18n.exists(descriptionKey, { ns: SHELL_NAMESPACE }) && <span>{t(descriptionKey)}</span>}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The interface language, changed at once (the same setting as in the user menu). */
function LanguageStep() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const setLocale = useWorkspaceStore((state) => state.setLocale);
  const language = currentLanguage();
  const hintId = useId();
  return (
    <fieldset className="get-started__languages" aria-describedby={hintId}>
      <legend className="ui-visually-hidden">{t('HEADER.language')}</legend>
      <p id={hintId}>{t('GET_STARTED.languageIntro')}</p>
      {(['de', 'en'] as const).map((locale) => (
        <label key={locale} className="get-started__language" lang={locale}>
          <input type="radio" name="get-started-language" value={locale} checked={language === locale} onChange={() => setLocale(locale)} />
          {t(locale === 'de' ? 'HEADER.german' : 'HEADER.english')}
        </label>
      ))}
    </fieldset>
  );
}

function StartStep({ children }: { children: ReactNode }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  return (
    <>
      <p>{t('GET_STARTED.startIntro')}</p>
      <div className="get-started__actions">{children}</div>
    </>
  );
}
