import type { CustomAppVersionSummary } from '@assistant/contracts';
import { Loading, WordDiffView } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useAppVersion } from '../api/get-app-version';
import { changedFields } from '../model/definition-fields';

/**
 * What a version changed against the one before, part by part (name, icon, description,
 * template, variables), word by word with the UI kit's diff: only the parts that changed. The
 * first version is compared with nothing (all of it is new).
 */
export function VersionChanges({ appId, version }: { appId: string; version: CustomAppVersionSummary }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const after = useAppVersion(appId, version.version);
  const before = useAppVersion(appId, version.version > 1 ? version.version - 1 : undefined);
  const ready = after.data !== undefined && (version.version === 1 || before.data !== undefined);

  let content;
  if (after.isError || before.isError) {
    content = <p role="alert">{t('versions.changesFailed')}</p>;
  } else if (!ready) {
    content = <Loading label={t('versions.changesLoading')} showLabel />;
  } else {
    const fields = changedFields(before.data?.definition, after.data!.definition, t);
    content =
      fields.length === 0 ? (
        <p className="usecases__hint">{t('versions.noChanges')}</p>
      ) : (
        fields.map((field) => (
          <section key={field.key} className="usecases__diff" aria-label={t(`versions.field.${field.key}`)}>
            <h3 className="usecases__diff-heading">{t(`versions.field.${field.key}`)}</h3>
            <WordDiffView
              before={field.before}
              after={field.after}
              label={t('versions.diffLabel', { field: t(`versions.field.${field.key}`), version: version.version })}
              summary={({ added, removed }) => t('versions.summary', { added, removed })}
            />
          </section>
        ))
      );
  }

  return (
    <section className="usecases__changes" aria-labelledby={headingId}>
      <h2 id={headingId} className="usecases__subheading">
        {version.version === 1 ? t('versions.firstHeading') : t('versions.changesHeading', { version: version.version, previous: version.version - 1 })}
      </h2>
      {content}
    </section>
  );
}
