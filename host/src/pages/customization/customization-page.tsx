import {
  CUSTOMIZATION_NAME_MAX_LENGTH,
  FEATURE_FLAG_NAMES,
  FEATURE_SETS_ORDERED,
  type AdminSettings,
  type FeatureFlagName,
} from '@assistant/contracts';
import { notifyError, notifySuccess } from '@assistant/platform';
import { Button, ErrorState, Loading, PageHeader, Select, Checkbox, TextArea, TextField } from '@assistant/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { usePageTitle } from '../../branding/use-page-title';
import { useAdminSettingsQuery } from './api/get-admin-settings';
import { useUpdateAdminSettings } from './api/update-admin-settings';
import { SignLanguageVideosEditor } from './sign-language-videos-editor';

/**
 * Administrators change branding, contact texts and features (GET/PATCH /api/admin/settings, a
 * query and a mutation in `./api`). The server validates with the same contracts and answers 400
 * naming the wrong field. A saved change shows in the shell at once (see `useUpdateAdminSettings`).
 */
export function CustomizationPage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  usePageTitle(t('CUSTOMIZATION.title'));
  const settings = useAdminSettingsQuery();

  if (settings.isPending) return <Loading label={t('CUSTOMIZATION.title')} fill />;
  if (settings.isError) return <ErrorState title={t('CUSTOMIZATION.loadFailed')} onRetry={() => void settings.refetch()} />;
  return <CustomizationForm stored={settings.data} />;
}

/**
 * The form over the stored settings. Edits are a draft on top of them; until the first edit (and
 * again after a save) the form shows the stored settings as they are cached.
 */
function CustomizationForm({ stored }: { stored: AdminSettings }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [draft, setDraft] = useState<AdminSettings | null>(null);
  const save = useUpdateAdminSettings();
  const settings = draft ?? stored;

  const c = settings.customization;
  const update = (next: Partial<AdminSettings['customization']>) => setDraft({ ...settings, customization: { ...c, ...next } });
  const setFlag = (name: FeatureFlagName, on: boolean) =>
    setDraft({ ...settings, feature_flags: { ...settings.feature_flags, [name]: on } });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(settings, {
      onSuccess: () => {
        setDraft(null);
        notifySuccess({ message: { key: 'CUSTOMIZATION.saved', ns: SHELL_NAMESPACE } });
      },
      onError: (error) => notifyError(error),
    });
  }

  return (
    <section className="shell-page">
      <PageHeader title={t('CUSTOMIZATION.title')} description={t('CUSTOMIZATION.intro')} />
      <form onSubmit={submit} className="shell-form" noValidate>
        <fieldset>
          <legend>{t('CUSTOMIZATION.branding')}</legend>
          <TextField
            label={t('CUSTOMIZATION.applicationName')}
            value={c.application_name}
            required
            maxLength={CUSTOMIZATION_NAME_MAX_LENGTH}
            onChange={(e) => update({ application_name: e.target.value })}
          />
          <TextField
            label={t('CUSTOMIZATION.companyName')}
            value={c.company_name ?? ''}
            maxLength={CUSTOMIZATION_NAME_MAX_LENGTH}
            onChange={(e) => update({ company_name: e.target.value || undefined })}
          />
          <TextField
            label={t('CUSTOMIZATION.primaryColor')}
            description={t('CUSTOMIZATION.primaryColorHint')}
            value={c.colors.primary ?? ''}
            onChange={(e) => {
              const { primary: _previous, ...rest } = c.colors;
              update({ colors: e.target.value ? { ...rest, primary: e.target.value } : rest });
            }}
          />
          <TextField
            label={t('CUSTOMIZATION.fontFamily')}
            value={c.fonts.family}
            onChange={(e) => update({ fonts: { ...c.fonts, family: e.target.value } })}
          />
          <TextField
            label={t('CUSTOMIZATION.fontSize')}
            type="number"
            min={16}
            max={64}
            value={String(c.fonts.size)}
            onChange={(e) => update({ fonts: { ...c.fonts, size: Number(e.target.value) } })}
          />
        </fieldset>
        <fieldset>
          <legend>{t('CUSTOMIZATION.contact')}</legend>
          <TextField
            label={t('CUSTOMIZATION.supportEmail')}
            type="email"
            value={c.support_email ?? ''}
            onChange={(e) => update({ support_email: e.target.value || null })}
          />
          <TextField
            label={t('CUSTOMIZATION.supportPhone')}
            value={c.support_phone ?? ''}
            onChange={(e) => update({ support_phone: e.target.value || null })}
          />
          <TextField
            label={t('CUSTOMIZATION.imprintLink')}
            type="url"
            value={c.imprint_link ?? ''}
            onChange={(e) => update({ imprint_link: e.target.value || null })}
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
        <SignLanguageVideosEditor videos={c.sign_language_videos} onChange={(videos) => update({ sign_language_videos: videos })} />
        <fieldset>
          <legend>{t('CUSTOMIZATION.features')}</legend>
          <Select
            label={t('CUSTOMIZATION.featureSet')}
            value={settings.feature_set}
            onChange={(e) => setDraft({ ...settings, feature_set: e.target.value })}
            options={[
              { value: 'BETA', label: t('CUSTOMIZATION.featureSetBeta') },
              ...[...FEATURE_SETS_ORDERED].reverse().map((set) => ({ value: set, label: set })),
              { value: '1', label: t('CUSTOMIZATION.featureSetLegacy') },
            ]}
          />
          {FEATURE_FLAG_NAMES.map((name) => (
            <Checkbox
              key={name}
              label={t(`FLAGS.${name}`)}
              checked={settings.feature_flags[name] === true}
              onChange={(e) => setFlag(name, e.target.checked)}
            />
          ))}
        </fieldset>
        <Button type="submit" loading={save.isPending}>
          {t('CUSTOMIZATION.save')}
        </Button>
      </form>
    </section>
  );
}
