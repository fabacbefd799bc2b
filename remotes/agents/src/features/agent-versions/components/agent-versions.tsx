import type { Agent } from '@assistant/contracts';
import { notifySuccess, useLocale } from '@assistant/platform';
import { Badge, Button, ErrorState, Loading, useAnnouncer, VersionList, VisuallyHidden } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { AgentComparison, fieldsOf } from '../../agent-form';
import { AgentConflictError, describeAgentError, useAgentVersionQuery, useAgentVersionsQuery, useUpdateAgent } from '../../agents';
import '../agent-versions.css';

/**
 * The versions of an agent, newest first, each with its time. The chosen one shows what it changed
 * against the one before, field by field, word by word; an earlier one can be restored, which
 * saves its fields again as a new version (based on the current one: a newer save elsewhere is a
 * 409, and the list is read again).
 */
export function AgentVersions({ agent }: { agent: Agent }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const versions = useAgentVersionsQuery(agent.id);
  const updating = useUpdateAgent();
  const [chosen, setChosen] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const [announcement, announce] = useAnnouncer();
  const selected = chosen ?? agent.version;
  const after = useAgentVersionQuery(agent.id, selected);
  const before = useAgentVersionQuery(agent.id, selected - 1);

  if (versions.isPending) return <Loading label={t('versions.loading')} showLabel />;
  if (versions.isError) {
    return <ErrorState headingLevel={2} title={t('versions.loadFailed')} onRetry={() => void versions.refetch()} retrying={versions.isFetching} retryLabel={t('list.failed.retry')} />;
  }

  const restore = async () => {
    if (!after.data || updating.isPending) return;
    setFailure(undefined);
    try {
      const saved = await updating.mutateAsync({ id: agent.id, fields: { ...fieldsOf(after.data), base_version: agent.version } });
      const text = t('versions.restored', { version: selected, saved: saved.version });
      setChosen(undefined);
      notifySuccess({ message: { text } });
      announce(text);
    } catch (error) {
      if (error instanceof AgentConflictError) {
        setFailure(t('versions.conflict', { version: error.current.version }));
        return;
      }
      setFailure(t('versions.restoreFailed', { version: selected, reason: describeAgentError(error, t, locale).message }));
    }
  };

  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const ready = after.data !== undefined && (selected === 1 || before.data !== undefined);
  return (
    <div className="agent-versions">
      <VersionList
        label={t('versions.label')}
        selected={selected}
        onSelect={(version) => {
          setChosen(version);
          setFailure(undefined);
        }}
        items={versions.data.map((entry) => ({
          version: entry.version,
          label: t('versions.version', { version: entry.version }),
          badge: entry.version === agent.version ? <Badge variant="info">{t('versions.current')}</Badge> : undefined,
          meta: (
            <>
              <time dateTime={entry.created_at}>{time.format(new Date(entry.created_at))}</time> · {t('versions.by', { name: entry.author.name })}
            </>
          ),
        }))}
      />
      <section className="agent-versions__detail" aria-labelledby="agent-versions-heading">
        <h2 id="agent-versions-heading" className="agent-versions__heading">
          {selected === 1 ? t('versions.firstHeading') : t('versions.diffHeading', { version: selected, previous: selected - 1 })}
        </h2>
        {after.isError || before.isError ? (
          <p role="alert">{t('versions.diffFailed')}</p>
        ) : !ready ? (
          <Loading label={t('versions.diffLoading')} showLabel />
        ) : (
          <>
            {selected > 1 && <p className="agent-comparison__legend">{t('versions.legend', { version: selected, previous: selected - 1 })}</p>}
            <AgentComparison
              before={selected === 1 ? undefined : before.data}
              after={after.data}
              headingLevel={3}
              diffLabel={(field) => t('versions.diffLabel', { field, version: selected })}
            />
          </>
        )}
        {failure && (
          <p role="alert" className="ui-field__error">
            {failure}
          </p>
        )}
        {agent.editable && selected !== agent.version && (
          <Button variant="primary" loading={updating.isPending} disabled={!ready} onClick={() => void restore()}>
            {t('versions.restore', { version: selected })}
          </Button>
        )}
      </section>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
