import {
  adminSettingsPatchSchema,
  BRAND_IMAGE_MAX_BYTES,
  customizationReachable,
  CUSTOMIZATION_NAME_MAX_LENGTH,
  FEATURE_FLAG_NAMES,
  FEATURE_SETS_ORDERED,
  isCssColor,
  type AdminSettings,
  type AdminSettingsPatch,
  type FeatureFlagName,
} from '@assistant/contracts';
import { ApiRequestError, notifyError, notifySuccess, useDocumentTitle, useFeature } from '@assistant/platform';
import { ActionConfirmDialog, Button, ErrorState, Loading, PageHeader, Select, Checkbox, TextArea, TextField } from '@assistant/ui';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { darkVariant } from '../../branding/dark-brand-colors';
import { useAdminSettingsQuery } from './api/get-admin-settings';
import { useUpdateAdminSettings } from './api/update-admin-settings';
import { BrandImageField } from './brand-image-field';
import { addCustomizationTexts } from './customization-texts';
import { McpServersSection } from './mcp-servers-section';
import { SignLanguageVideosEditor } from './sign-language-videos-editor';
import './customization.css';

/** Flags whose feature does not exist in the portal yet: not offered as if they worked. */
const UNAVAILABLE_FLAGS: readonly FeatureFlagName[] = ['enableNls', 'enableDeepResearch', 'enableExtensibleSummarize', 'enableExtensibleGenerate'];
const OFFERED_FLAGS = FEATURE_FLAG_NAMES.filter((name) => !UNAVAILABLE_FLAGS.includes(name));

/** Field messages by the path of the wrong value (`customization.colors.primary`), '.'-joined. */
export type FieldErrors = Record<string, string>;

/** The fields the form shows an error at; any other wrong path is listed above the form. */
function fieldKeyOf(path: string): string {
  const logo = /^customization\.(logo|favicon)\b/.exec(path);
  return logo ? `customization.${logo[1]}` : path;
}

/**
 * Administrators change branding, contact texts and features (GET/PATCH /api/admin/settings, a
 * query and a mutation in `./api`). The form checks with the same contract as the server
 * (`adminSettingsPatchSchema`) and shows each problem at its field, focusing the first; the
 * server's 400 `issues` are shown the same way. A change that hides this page from every
 * administrator is asked for first and sent with `confirm_lockout`. A saved change shows in the
 * shell at once (see `useUpdateAdminSettings`).
 */
export function CustomizationPage() {
  useState(addCustomizationTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('CUSTOMIZATION.title'));
  const settings = useAdminSettingsQuery();

  if (settings.isPending) return <Loading label={t('CUSTOMIZATION.title')} fill />;
  if (settings.isError) return <ErrorState title={t('CUSTOMIZATION.loadFailed')} onRetry={() => void settings.refetch()} />;
  return <CustomizationForm stored={settings.data} />;
}

function patchOf(settings: AdminSettings): AdminSettingsPatch {
  return { feature_flags: settings.feature_flags, feature_set: settings.feature_set, customization: settings.customization };
}

/**
 * The form over the stored settings. Edits are a draft on top of them; until the first edit (and
 * again after a save) the form shows the stored settings as they are cached.
 */
function CustomizationForm({ stored }: { stored: AdminSettings }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [draft, setDraftState] = useState<AdminSettings | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<AdminSettingsPatch | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const save = useUpdateAdminSettings();
  // Tool servers exist in feature set BETA only (the shell's loaded set, so a saved change shows at once).
  const mcpTools = useFeature('mcpTools');
  const settings = draft ?? stored;

  /** A localized message for a wrong value; the contract's (English) message where none fits. */
  const messageFor = (path: string, fallback: string): string => {
    if (path === 'customization.application_name') return t('CUSTOMIZATION.errors.application_name', { max: CUSTOMIZATION_NAME_MAX_LENGTH });
    if (path === 'customization.company_name') return t('CUSTOMIZATION.errors.company_name', { max: CUSTOMIZATION_NAME_MAX_LENGTH });
    if (path.startsWith('customization.colors.')) return t('CUSTOMIZATION.errors.color');
    if (path === 'customization.support_email') return t('CUSTOMIZATION.errors.support_email');
    if (/^customization\.(imprint|documentation|help_center)_link$/.test(path)) return t('CUSTOMIZATION.errors.link');
    if (path === 'customization.fonts.family') return t('CUSTOMIZATION.errors.font_family');
    if (path === 'customization.fonts.size') return t('CUSTOMIZATION.errors.font_size');
    if (/^customization\.(logo|favicon)\b/.test(path)) return t('CUSTOMIZATION.errors.image', { kb: BRAND_IMAGE_MAX_BYTES / 1024 });
    return fallback;
  };
  const toFieldErrors = (issues: { path: readonly PropertyKey[]; message: string }[]): FieldErrors => {
    const errors: FieldErrors = {};
    for (const issue of issues) {
      const path = issue.path.map(String).join('.');
      const key = fieldKeyOf(path);
      errors[key] ??= messageFor(path, issue.message);
    }
    return errors;
  };

  // After the first try to save, the contract's problems follow every edit.
  const clientErrors = useMemo<FieldErrors>(() => {
    if (!submitted) return {};
    const parsed = adminSettingsPatchSchema.safeParse(patchOf(settings));
    return parsed.success ? {} : toFieldErrors(parsed.error.issues);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t is stable per language; settings and submitted decide
  }, [settings, submitted]);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const errorOf = (key: string): string | undefined => errors[key];

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summaryRef.current)?.focus();
  }, [focusRequest]);

  const setDraft = (next: AdminSettings) => {
    setServerErrors({});
    setDraftState(next);
  };
  const c = settings.customization;
  const update = (next: Partial<AdminSettings['customization']>) => setDraft({ ...settings, customization: { ...c, ...next } });
  const setFlag = (name: FeatureFlagName, on: boolean) =>
    setDraft({ ...settings, feature_flags: { ...settings.feature_flags, [name]: on } });

  async function send(patch: AdminSettingsPatch, confirmLockout: boolean): Promise<void> {
    try {
      await save.mutateAsync(confirmLockout ? { ...patch, confirm_lockout: true } : patch);
      setDraftState(null);
      setSubmitted(false);
      setServerErrors({});
      notifySuccess({ message: { key: 'CUSTOMIZATION.saved', ns: SHELL_NAMESPACE } });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'validation_failed' && error.body?.issues?.length) {
        // The server names the wrong values under `body.`: shown at their fields like the form's own.
        setServerErrors(toFieldErrors(error.body.issues.map((issue) => ({ ...issue, path: issue.path[0] === 'body' ? issue.path.slice(1) : issue.path }))));
        setFocusRequest((n) => n + 1);
        return;
      }
      if (error instanceof ApiRequestError && error.code === 'conflict' && !confirmLockout) {
        setConfirming(patch);
        return;
      }
      notifyError(error);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const parsed = adminSettingsPatchSchema.safeParse(patchOf(settings));
    if (!parsed.success) {
      setFocusRequest((n) => n + 1);
      return;
    }
    if (customizationReachable(stored) && !customizationReachable(settings)) {
      setConfirming(parsed.data);
      return;
    }
    void send(parsed.data, false);
  }

  const shownKeys = new Set([
    'customization.application_name',
    'customization.company_name',
    'customization.colors.primary',
    'customization.fonts.family',
    'customization.fonts.size',
    'customization.support_email',
    'customization.support_phone',
    'customization.imprint_link',
    'customization.documentation_link',
    'customization.help_center_link',
    'customization.logo',
    'customization.favicon',
  ]);
  const isShown = (key: string) => shownKeys.has(key) || /^customization\.sign_language_videos\.\d+\.(title\.(de|en)|video_url|captions\.(de|en))$/.test(key);
  const otherErrors = Object.entries(errors).filter(([key]) => !isShown(key));
  const hasErrors = Object.keys(errors).length > 0;
  const primary = c.colors.primary ?? '';
  const darkPrimary = primary && isCssColor(primary) ? darkVariant(primary) : undefined;

  return (
    <section className="shell-page">
      <PageHeader title={t('CUSTOMIZATION.title')} description={t('CUSTOMIZATION.intro')} />
      <form ref={formRef} onSubmit={submit} className="shell-form customization-form" noValidate>
        {hasErrors && (
          <div ref={summaryRef} tabIndex={-1} role="alert" className="customization-errors">
            <p>{t('CUSTOMIZATION.errorSummary')}</p>
            {otherErrors.length > 0 && (
              <ul>
                {otherErrors.map(([key, message]) => (
                  <li key={key}>
                    <code>{key}</code>: {message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <fieldset>
          <legend>{t('CUSTOMIZATION.branding')}</legend>
          <TextField
            label={t('CUSTOMIZATION.applicationName')}
            value={c.application_name}
            required
            maxLength={CUSTOMIZATION_NAME_MAX_LENGTH}
            error={errorOf('customization.application_name')}
            onChange={(e) => update({ application_name: e.target.value })}
          />
          <TextField
            label={t('CUSTOMIZATION.companyName')}
            value={c.company_name ?? ''}
            maxLength={CUSTOMIZATION_NAME_MAX_LENGTH}
            error={errorOf('customization.company_name')}
            onChange={(e) => update({ company_name: e.target.value || undefined })}
          />
          <div className="customization-color">
            <TextField
              className="customization-color__text"
              label={t('CUSTOMIZATION.primaryColor')}
              description={t('CUSTOMIZATION.primaryColorHint')}
              value={primary}
              error={errorOf('customization.colors.primary')}
              onChange={(e) => {
                const { primary: _previous, ...rest } = c.colors;
                update({ colors: e.target.value ? { ...rest, primary: e.target.value } : rest });
              }}
            />
            <input
              type="color"
              className="customization-color__picker"
              aria-label={t('CUSTOMIZATION.primaryColorPicker')}
              value={/^#[0-9a-f]{6}$/i.test(primary) ? primary.toLowerCase() : '#000000'}
              onChange={(e) => update({ colors: { ...c.colors, primary: e.target.value } })}
            />
            {primary && isCssColor(primary) && <span className="customization-color__swatch" style={{ background: primary }} aria-hidden="true" />}
            {darkPrimary && (
              <p className="customization-color__dark">
                <span className="customization-color__swatch" style={{ background: darkPrimary }} aria-hidden="true" />
                {t('CUSTOMIZATION.primaryColorDark', { color: darkPrimary })}
              </p>
            )}
          </div>
          <TextField
            label={t('CUSTOMIZATION.fontFamily')}
            value={c.fonts.family}
            error={errorOf('customization.fonts.family')}
            onChange={(e) => update({ fonts: { ...c.fonts, family: e.target.value } })}
          />
          <TextField
            label={t('CUSTOMIZATION.fontSize')}
            type="number"
            min={16}
            max={64}
            value={String(c.fonts.size)}
            error={errorOf('customization.fonts.size')}
            onChange={(e) => update({ fonts: { ...c.fonts, size: Number(e.target.value) } })}
          />
          <BrandImageField
            label={t('CUSTOMIZATION.logo')}
            image={c.logo}
            error={errorOf('customization.logo')}
            onChange={(logo) => update({ logo })}
          />
          <BrandImageField
            label={t('CUSTOMIZATION.favicon')}
            image={c.favicon}
            error={errorOf('customization.favicon')}
            onChange={(favicon) => update({ favicon })}
          />
        </fieldset>
        <fieldset>
          <legend>{t('CUSTOMIZATION.contact')}</legend>
          <TextField
            label={t('CUSTOMIZATION.supportEmail')}
            type="email"
            value={c.support_email ?? ''}
            error={errorOf('customization.support_email')}
            onChange={(e) => update({ support_email: e.target.value || null })}
          />
          <TextField
            label={t('CUSTOMIZATION.supportPhone')}
            value={c.support_phone ?? ''}
            error={errorOf('customization.support_phone')}
            onChange={(e) => update({ support_phone: e.target.value || null })}
          />
          <TextField
            label={t('CUSTOMIZATION.imprintLink')}
            type="url"
            value={c.imprint_link ?? ''}
            error={errorOf('customization.imprint_link')}
            onChange={(e) => update({ imprint_link: e.target.value || null })}
          />
          <TextField
            label={t('CUSTOMIZATION.documentationLink')}
            description={t('CUSTOMIZATION.linksHint')}
            type="url"
            value={c.documentation_link ?? ''}
            error={errorOf('customization.documentation_link')}
            onChange={(e) => update({ documentation_link: e.target.value || null })}
          />
          <TextField
            label={t('CUSTOMIZATION.helpCenterLink')}
            description={t('CUSTOMIZATION.linksHint')}
            type="url"
            value={c.help_center_link ?? ''}
            error={errorOf('customization.help_center_link')}
            onChange={(e) => update({ help_center_link: e.target.value || null })}
          />
          {(['de', 'en'] as const).map((lang) => (
            <TextArea
              key={`privacy-${lang}`}
              label={t(lang === 'de' ? 'CUSTOMIZATION.privacyDe' : 'CUSTOMIZATION.privacyEn')}
              value={c.privacy_policy_notice[lang].text}
              rows={3}
              onChange={(e) =>
                update({
                  privacy_policy_notice: {
                    ...c.privacy_policy_notice,
                    [lang]: { ...c.privacy_policy_notice[lang], text: e.target.value },
                  },
                })
              }
            />
          ))}
          {(['de', 'en'] as const).map((lang) => (
            <TextArea
              key={`a11y-${lang}`}
              label={t(lang === 'de' ? 'CUSTOMIZATION.accessibilityDe' : 'CUSTOMIZATION.accessibilityEn')}
              value={c.accessibility_statement?.[lang] ?? ''}
              rows={4}
              onChange={(e) =>
                update({
                  accessibility_statement: { de: '', en: '', ...c.accessibility_statement, [lang]: e.target.value },
                })
              }
            />
          ))}
        </fieldset>
        <SignLanguageVideosEditor
          videos={c.sign_language_videos}
          errorOf={(field) => errorOf(`customization.sign_language_videos.${field}`)}
          onChange={(videos) => update({ sign_language_videos: videos })}
        />
        <fieldset>
          <legend>{t('CUSTOMIZATION.features')}</legend>
          <Select
            label={t('CUSTOMIZATION.featureSet')}
            description={t('CUSTOMIZATION.featureSetHint')}
            value={settings.feature_set}
            onChange={(e) => setDraft({ ...settings, feature_set: e.target.value })}
            options={[
              { value: 'BETA', label: t('CUSTOMIZATION.featureSetBeta') },
              ...[...FEATURE_SETS_ORDERED].reverse().map((set) => ({ value: set, label: set })),
              { value: '1', label: t('CUSTOMIZATION.featureSetLegacy') },
            ]}
          />
          <Checkbox
            label={t('CUSTOMIZATION.getStarted')}
            description={t('CUSTOMIZATION.getStartedHint')}
            checked={c.get_started_enabled}
            onChange={(e) => update({ get_started_enabled: e.target.checked })}
          />
          {OFFERED_FLAGS.map((name) => (
            <Checkbox
              key={name}
              label={t(`FLAGS.${name}`)}
              description={t(`FLAG_DESCRIPTIONS.${name}`)}
              checked={settings.feature_flags[name] === true}
              onChange={(e) => setFlag(name, e.target.checked)}
            />
          ))}
          <div className="customization-unavailable">
            <p>
              <strong>{t('CUSTOMIZATION.unavailableTitle')}.</strong> {t('CUSTOMIZATION.unavailableIntro')}
            </p>
            <ul>
              {UNAVAILABLE_FLAGS.map((name) => (
                <li key={name}>{t(`FLAGS.${name}`)}</li>
              ))}
            </ul>
          </div>
        </fieldset>
        <div className="customization-actions">
          <Button type="submit" loading={save.isPending}>
            {t('CUSTOMIZATION.save')}
          </Button>
        </div>
      </form>
      {mcpTools && <McpServersSection />}
      {confirming && (
        <ActionConfirmDialog
          danger
          title={t('CUSTOMIZATION.lockoutTitle')}
          message={t('CUSTOMIZATION.lockoutMessage')}
          confirmLabel={t('CUSTOMIZATION.lockoutConfirm')}
          onConfirm={async () => {
            await send(confirming, true);
            return undefined;
          }}
          onClose={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
