import { EASY_LANGUAGE_MAX_CHARACTERS, localeSchema, type Locale } from '@assistant/contracts';
import { copyTextWithNotice, useDocumentTitle } from '@assistant/platform';
import { Button, EmptyState, PageHeader, Select, Spinner, TextArea } from '@assistant/ui';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { useEasyLanguage } from './use-easy-language';
import './easy-language.css';

const COPY_NOTICES = {
  copied: { key: 'EASY_LANGUAGE.copied', ns: SHELL_NAMESPACE },
  unavailable: { key: 'EASY_LANGUAGE.copyUnavailable', ns: SHELL_NAMESPACE },
};

/**
 * /easy-language (BETA): rewrites a text into plain language with the language model, streamed in
 * as it is written. The result is machine-made plain language, not certified Leichte Sprache or
 * Easy Read, and the page says so.
 */
export default function EasyLanguagePage() {
  const { t, i18n } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('EASY_LANGUAGE.title'));
  const interfaceLanguage: Locale = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'de';
  const [text, setText] = useState('');
  const [locale, setLocale] = useState<Locale>(interfaceLanguage);
  /** The language of the text on screen (the locale it was requested in). */
  const [outputLocale, setOutputLocale] = useState<Locale>(interfaceLanguage);
  const { status, output, failure, rewrite, stop, reset } = useEasyLanguage();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const outputRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const countId = `${ids}-count`;
  const headingId = `${ids}-result`;

  const numbers = new Intl.NumberFormat(interfaceLanguage);
  const running = status === 'running';
  const over = text.length - EASY_LANGUAGE_MAX_CHARACTERS;
  const canRewrite = text.trim() !== '' && over <= 0;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (running || !canRewrite) return;
    setOutputLocale(locale);
    void rewrite({ text, locale });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };
  const clear = () => {
    setText('');
    reset();
    inputRef.current?.focus();
  };
  const selectOutput = () => {
    if (outputRef.current) window.getSelection()?.selectAllChildren(outputRef.current);
  };

  const announcement =
    status === 'running' ? t('EASY_LANGUAGE.rewriting') : status === 'done' ? t('EASY_LANGUAGE.done') : status === 'stopped' ? t('EASY_LANGUAGE.stopped') : '';

  return (
    <section className="shell-page easy-language">
      <PageHeader title={t('EASY_LANGUAGE.title')} description={t('EASY_LANGUAGE.intro')} />
      <p className="easy-language__note">
        {t('EASY_LANGUAGE.note')}
      </p>
      <form className="easy-language__form" onSubmit={submit} onKeyDown={onKeyDown} aria-label={t('EASY_LANGUAGE.title')}>
        <TextArea
          ref={inputRef}
          label={t('EASY_LANGUAGE.input')}
          description={t('EASY_LANGUAGE.shortcut')}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={over > 0 ? t('EASY_LANGUAGE.tooLongInput', { over: numbers.format(over), limit: numbers.format(EASY_LANGUAGE_MAX_CHARACTERS) }) : undefined}
          aria-describedby={countId}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        />
        <p id={countId} className="ui-field__count easy-language__count">
          {t('EASY_LANGUAGE.count', { length: numbers.format(text.length), limit: numbers.format(EASY_LANGUAGE_MAX_CHARACTERS) })}
        </p>
        <div className="easy-language__row">
          <Select
            className="easy-language__locale"
            label={t('EASY_LANGUAGE.locale')}
            value={locale}
            onChange={(event) => setLocale(localeSchema.parse(event.target.value))}
            options={[
              { value: 'de', label: t('EASY_LANGUAGE.localeDe') },
              { value: 'en', label: t('EASY_LANGUAGE.localeEn') },
            ]}
          />
          <div className="easy-language__actions">
            <Button type="submit" loading={running} disabled={!running && !canRewrite}>
              {running ? t('EASY_LANGUAGE.rewriting') : t('EASY_LANGUAGE.rewrite')}
            </Button>
            {running && (
              <Button
                variant="secondary"
                onClick={() => {
                  stop();
                  inputRef.current?.focus();
                }}
              >
                {t('EASY_LANGUAGE.stop')}
              </Button>
            )}
            <Button variant="ghost" onClick={clear} disabled={text === '' && output === '' && failure === null}>
              {t('EASY_LANGUAGE.clear')}
            </Button>
          </div>
        </div>
      </form>

      {failure && (
        <div role="alert" className="easy-language__failure">
          <p className="easy-language__failure-title">{t(`EASY_LANGUAGE.errors.${failure.kind}`)}</p>
          {failure.detail && <p>{failure.detail}</p>}
          {output !== '' && <p>{t('EASY_LANGUAGE.incompleteKept')}</p>}
        </div>
      )}

      <section className="easy-language__result" aria-labelledby={headingId} aria-busy={running || undefined}>
        <div className="easy-language__result-header">
          <h2 id={headingId}>{t('EASY_LANGUAGE.result')}</h2>
          {output !== '' && (
            <Button variant="secondary" size="sm" onClick={() => void copyTextWithNotice(output, { ...COPY_NOTICES, select: selectOutput })}>
              {t('EASY_LANGUAGE.copy')}
            </Button>
          )}
        </div>
        {running && output === '' && (
          // Visual only: the polite status below says it once for screen readers.
          <p className="easy-language__progress" aria-hidden="true">
            <Spinner size="sm" /> {t('EASY_LANGUAGE.rewriting')}
          </p>
        )}
        {output !== '' ? (
          <div ref={outputRef} className="easy-language__output" lang={outputLocale}>
            {output}
          </div>
        ) : (
          !running && <EmptyState headingLevel={3} title={t('EASY_LANGUAGE.emptyTitle')} text={t('EASY_LANGUAGE.emptyText')} />
        )}
        {status === 'stopped' && output !== '' && <p className="easy-language__stopped">{t('EASY_LANGUAGE.stoppedVisible')}</p>}
      </section>
      {/* Progress for screen readers: "Rewriting …" and "Done", never the text token by token. */}
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
