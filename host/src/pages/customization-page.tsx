import {
  adminSettingsSchema,
  FEATURE_FLAG_NAMES,
  FEATURE_SETS_ORDERED,
  type AdminSettings,
  type FeatureFlagName,
} from '@assistant/contracts';
import { apiClients, notifyError, notifySuccess, useConfigStore } from '@assistant/platform';
import { Button, ErrorState, Loading, PageHeader, Select, Checkbox, TextArea, TextField } from '@assistant/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { usePageTitle } from '../branding/use-page-title';
import { SignLanguageVideosEditor } from './sign-language-videos-editor';

type Status = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; settings: AdminSettings };

/**
 * Administrators change branding, contact texts and features (GET/PATCH /api/admin/settings).
 * The server validates with the same contracts and answers 400 naming the wrong field.
 */
export function CustomizationPage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  usePageTitle(t('CUSTOMIZATION.title'));
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [saving, setSaving] = useState(false);
  const reloadConfig = useConfigStore((state) => state.load);

  const load = () => {
    setStatus({ kind: 'loading' });
    apiClients()
      .api.get('admin/settings', adminSettingsSchema)
      .then((settings) => setStatus({ kind: 'ready', settings }))
      .catch((error: unknown) => {
        console.error('Loading the settings failed', error);
        setStatus({ kind: 'failed' });
      });
  };
  useEffect(load, []);

  if (status.kind === 'loading') return <Loading label={t('CUSTOMIZATION.title')} fill />;
  if (status.kind === 'failed') return <ErrorState title={t('CUSTOMIZATION.loadFailed')} onRetry={load} />;

  const { settings } = status;
  const c = settings.customization;
  const update = (next: Partial<AdminSettings['customization']>) =>
    setStatus({ kind: 'ready', settings: { ...settings, customization: { ...c, ...next } } });
  const setFlag = (name: FeatureFlagName, on: boolean) =>
    setStatus({ kind: 'ready', settings: { ...settings, feature_flags: { ...settings.feature_flags, [name]: on } } });

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await apiClients().api.patch('admin/settings', settings, adminSettingsSchema);
      if (saved) setStatus({ kind: 'ready', settings: saved });
      await reloadConfig();
      notifySuccess({ message: { key: 'CUSTOMIZATION.saved', ns: SHELL_NAMESPACE } });
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="shell-page">
      <PageHeader title={t('CUSTOMIZATION.title')} description={t('CUSTOMIZATION.intro')} />
      <form onSubmit={(event) => void save(event)} className="shell-form" noValidate>
        <fieldset>
          <legend>{t('CUSTOMIZATION.branding')}</legend>
          <TextField
            label={t('CUSTOMIZATION.applicationName')}
            value={c.application_name}
            required
            maxLength={100}
            onChange={(e) => update({ application_name: e.target.value })}
          />
          <TextField
            label={t('CUSTOMIZATION.companyName')}
            value={c.company_name ?? ''}
            maxLength={100}
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
            onChange={(e) => setStatus({ kind: 'ready', settings: { ...settings, feature_set: e.target.value } })}
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
        <Button type="submit" loading={saving}>
          {t('CUSTOMIZATION.save')}
        </Button>
      </form>
    </section>
  );
}
