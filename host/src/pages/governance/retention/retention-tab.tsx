import { GROUP_RETENTION_KINDS, MAX_RETENTION_DAYS, RETENTION_KINDS, type RetentionKind, type RetentionPolicy } from '@assistant/contracts';
import { useAdminGroupsQuery } from '@assistant/endpoints';
import { ApiRequestError, errorMessageText, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { Button, ConfirmDialog, ErrorState, Loading, Select } from '@assistant/ui';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { useRetentionPolicyQuery } from './api/get-retention-policy';
import { useUpdateRetentionPolicy } from './api/update-retention-policy';
import { PeriodField, periodText } from './period-field';
import {
  draftFromPolicy,
  fieldId,
  newGroupDraft,
  policyFromDraft,
  shortenings,
  type PeriodDraft,
  type PeriodProblem,
  type RetentionDraft,
  type Shortening,
} from './retention-draft';
import { RetentionRuns } from './retention-runs';
import { addRetentionTexts } from './retention-texts';
import './retention.css';

const problemText = (t: TFunction, problem: PeriodProblem) => t(`GOVERNANCE_RETENTION.problems.${problem}`, { max: MAX_RETENTION_DAYS });

const shorteningText = (t: TFunction, item: Shortening) =>
  t(item.group === undefined ? 'GOVERNANCE_RETENTION.shortening' : 'GOVERNANCE_RETENTION.shorteningGroup', {
    kind: t(`GOVERNANCE_RETENTION.kinds.${item.kind}`),
    group: item.group,
    after: periodText(t, item.after),
    before: periodText(t, item.before),
  });

/**
 * The fields a refusal of the server names (`issues[].path` such as body.defaults.conversations or
 * body.groups.0.days.canvases), with the server's words: the form checked the same contract, so
 * this is for rules only the server knows (a group that does not exist).
 */
function serverProblems(error: unknown, draft: RetentionDraft): Record<string, string> {
  const issues = error instanceof ApiRequestError ? (error.body?.issues ?? []) : [];
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const at = path.indexOf('defaults');
    if (at >= 0 && path[at + 1]) found[fieldId(path[at + 1] as RetentionKind)] = issue.message;
    const group = path.indexOf('groups');
    const kind = path[path.indexOf('days') + 1];
    const groupId = draft.groups[Number(path[group + 1])]?.groupId;
    if (group >= 0 && kind && groupId !== undefined) found[fieldId(kind as RetentionKind, groupId)] = issue.message;
  }
  return found;
}

function RetentionForm({ saved }: { saved: RetentionPolicy }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const groupsQuery = useAdminGroupsQuery();
  const update = useUpdateRetentionPolicy();
  const [draft, setDraft] = useState(() => draftFromPolicy(saved));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RetentionPolicy | null>(null);
  const [adding, setAdding] = useState('');

  const checked = policyFromDraft(draft);
  const warnings = 'policy' in checked ? shortenings(saved, checked.policy) : [];
  // What a group's "as for everyone" follows: the defaults as typed (the saved ones while a typed one is refused).
  const typedDefaults = policyFromDraft({ ...draft, groups: [] });
  const defaultDays = (kind: RetentionKind) => ('policy' in typedDefaults ? typedDefaults.policy : saved).defaults[kind];
  const available = (groupsQuery.data ?? []).filter((group) => !draft.groups.some((g) => g.groupId === group.id));

  const setDefault = (kind: RetentionKind, value: PeriodDraft) => setDraft((d) => ({ ...d, defaults: { ...d.defaults, [kind]: value } }));
  const setGroupPeriod = (groupId: string, kind: RetentionKind, value: PeriodDraft) =>
    setDraft((d) => ({ ...d, groups: d.groups.map((g) => (g.groupId === groupId ? { ...g, days: { ...g.days, [kind]: value } } : g)) }));

  const save = async (policy: RetentionPolicy) => {
    setFormError(null);
    try {
      await update.mutateAsync(policy);
      notifySuccess({ message: { key: 'GOVERNANCE_RETENTION.saved', ns: SHELL_NAMESPACE } });
    } catch (error) {
      const found = serverProblems(error, draft);
      setProblems(found);
      if (Object.keys(found).length > 0) setFormError(t('GOVERNANCE_RETENTION.invalid'));
      else notifyError(error);
    } finally {
      setConfirming(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ('problems' in checked) {
      setProblems(Object.fromEntries(Object.entries(checked.problems).map(([id, problem]) => [id, problemText(t, problem)])));
      setFormError(t('GOVERNANCE_RETENTION.invalid'));
      return;
    }
    setProblems({});
    if (warnings.length > 0) setConfirming(checked.policy);
    else void save(checked.policy);
  };

  const warningList = (
    <ul className="retention-warning__list">
      {warnings.map((item) => (
        <li key={`${item.group ?? ''}.${item.kind}`}>{shorteningText(t, item)}</li>
      ))}
    </ul>
  );

  return (
    <form className="retention-form" noValidate onSubmit={submit}>
      <section className="retention-form__section" aria-labelledby="retention-defaults-title">
        <h2 id="retention-defaults-title">{t('GOVERNANCE_RETENTION.defaultsTitle')}</h2>
        <div className="retention-form__grid">
          {RETENTION_KINDS.map((kind) => (
            <PeriodField
              key={kind}
              id={fieldId(kind)}
              legend={t(`GOVERNANCE_RETENTION.kinds.${kind}`)}
              value={draft.defaults[kind]}
              error={problems[fieldId(kind)]}
              onChange={(value) => setDefault(kind, value)}
            />
          ))}
        </div>
      </section>

      <section className="retention-form__section" aria-labelledby="retention-groups-title">
        <h2 id="retention-groups-title">{t('GOVERNANCE_RETENTION.groupsTitle')}</h2>
        <p className="retention-form__hint">{t('GOVERNANCE_RETENTION.groupsIntro')}</p>
        {draft.groups.length === 0 && <p className="retention-form__hint">{t('GOVERNANCE_RETENTION.noGroups')}</p>}
        {draft.groups.map((group) => (
          <section key={group.groupId} className="retention-group" aria-label={group.name}>
            <div className="retention-group__header">
              <h3>{group.name}</h3>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('GOVERNANCE_RETENTION.removeGroup', { name: group.name })}
                onClick={() => setDraft((d) => ({ ...d, groups: d.groups.filter((g) => g.groupId !== group.groupId) }))}
              >
                {t('GOVERNANCE_RETENTION.removeGroupShort')}
              </Button>
            </div>
            <div className="retention-form__grid">
              {GROUP_RETENTION_KINDS.map((kind) => (
                <PeriodField
                  key={kind}
                  id={fieldId(kind, group.groupId)}
                  legend={t(`GOVERNANCE_RETENTION.kinds.${kind}`)}
                  value={group.days[kind]}
                  defaultPeriod={periodText(t, defaultDays(kind))}
                  error={problems[fieldId(kind, group.groupId)]}
                  onChange={(value) => setGroupPeriod(group.groupId, kind, value)}
                />
              ))}
            </div>
          </section>
        ))}
        {groupsQuery.isError ? (
          <p className="retention-form__hint">{t('GOVERNANCE_RETENTION.groupsFailed')}</p>
        ) : (
          <div className="retention-form__add">
            <Select
              label={t('GOVERNANCE_RETENTION.addGroupLabel')}
              placeholder={t('GOVERNANCE_RETENTION.addGroupPlaceholder')}
              options={available.map((group) => ({ value: group.id, label: group.name }))}
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
            />
            <Button
              variant="secondary"
              disabled={adding === ''}
              onClick={() => {
                const group = available.find((g) => g.id === adding);
                if (group) setDraft((d) => ({ ...d, groups: [...d.groups, newGroupDraft(group.id, group.name)] }));
                setAdding('');
              }}
            >
              {t('GOVERNANCE_RETENTION.addGroup')}
            </Button>
          </div>
        )}
      </section>

      {warnings.length > 0 && (
        <div className="retention-warning" role="status">
          <strong>{t('GOVERNANCE_RETENTION.warningTitle')}</strong>
          <p>{t('GOVERNANCE_RETENTION.warningText')}</p>
          {warningList}
        </div>
      )}
      {formError && (
        <p className="retention-form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="retention-form__actions">
        <Button type="submit" loading={update.isPending}>
          {t('GOVERNANCE_RETENTION.save')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        danger
        title={t('GOVERNANCE_RETENTION.confirmTitle')}
        message={t('GOVERNANCE_RETENTION.confirmMessage')}
        confirmLabel={t('GOVERNANCE_RETENTION.confirmSave')}
        cancelLabel={t('GOVERNANCE_RETENTION.cancel')}
        loading={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void save(confirming)}
      >
        {warningList}
      </ConfirmDialog>
    </form>
  );
}

/**
 * `/governance/retention`: how long each kind of data is kept, by default and per group, saved
 * with PUT /api/admin/retention; below it the latest runs of the deleting job and "Run now".
 */
export default function RetentionTab() {
  // Before the first translation: the tab's texts come with its chunk.
  useState(addRetentionTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const query = useRetentionPolicyQuery();

  return (
    <div className="retention-tab">
      <p className="retention-tab__intro">{t('GOVERNANCE_RETENTION.intro')}</p>
      {query.isPending ? (
        <Loading label={t('GOVERNANCE_RETENTION.loading')} showLabel />
      ) : query.isError ? (
        <ErrorState
          title={t('GOVERNANCE_RETENTION.failed')}
          message={errorMessageText(query.error, language)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={t('GOVERNANCE_RETENTION.retry')}
        />
      ) : (
        // A saved policy is read again; the form starts over from what the server keeps.
        <RetentionForm key={query.dataUpdatedAt} saved={query.data} />
      )}
      <RetentionRuns />
    </div>
  );
}
