import { AUDIT_ACTIONS, ID_MAX_LENGTH } from '@assistant/contracts';
import { notifyError, notifySuccess } from '@assistant/platform';
import { Button, downloadBlob, Select, TextField } from '@assistant/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { getAuditCsv } from './api/get-audit-csv';
import { auditSearch, type AuditFilters } from './api/get-audit-page';
import { AuditEntries, actionLabel } from './audit-entries';
import { checkAuditFilters, draftFromFilters, type AuditFilterDraft, type AuditFilterProblem } from './audit-filters';
import { addAuditTexts } from './audit-texts';
import './audit.css';

function AuditFilterForm({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [draft, setDraft] = useState(() => draftFromFilters(applied));
  const [problems, setProblems] = useState<Partial<Record<keyof AuditFilterDraft, AuditFilterProblem>>>({});
  // Filters reset by the button empty the fields again.
  const appliedKey = auditSearch(applied);
  const [shown, setShown] = useState(appliedKey);
  if (shown !== appliedKey) {
    setShown(appliedKey);
    setDraft(draftFromFilters(applied));
    setProblems({});
  }
  const problem = (field: keyof AuditFilterDraft) => {
    const found = problems[field];
    return found ? t(`GOVERNANCE_AUDIT.problems.${found}`, { max: ID_MAX_LENGTH }) : undefined;
  };
  const set = (field: keyof AuditFilterDraft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAuditFilters(draft);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    onApply(checked.filters);
  };

  return (
    <form className="audit-filters" noValidate onSubmit={submit} aria-label={t('GOVERNANCE_AUDIT.filters')}>
      <TextField label={t('GOVERNANCE_AUDIT.actor')} description={t('GOVERNANCE_AUDIT.actorHint')} value={draft.actor} onChange={set('actor')} error={problem('actor')} />
      <Select
        label={t('GOVERNANCE_AUDIT.action')}
        options={[{ value: '', label: t('GOVERNANCE_AUDIT.allActions') }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(t, action) }))]}
        value={draft.action}
        onChange={set('action')}
      />
      <TextField label={t('GOVERNANCE.from')} type="date" value={draft.from} onChange={set('from')} error={problem('from')} />
      <TextField label={t('GOVERNANCE.to')} type="date" value={draft.to} onChange={set('to')} error={problem('to')} />
      <div className="audit-filters__actions">
        <Button type="submit">{t('GOVERNANCE_AUDIT.apply')}</Button>
        {Object.keys(applied).length > 0 && (
          <Button variant="ghost" onClick={() => onApply({})}>
            {t('GOVERNANCE_AUDIT.reset')}
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * `/governance/audit`: the audit log filtered by who, what and period,
 * newest first with "Load more", and the same records as a CSV download.
 */
export default function AuditTab() {
  // Before the first translation: the tab's texts come with its chunk.
  useState(addAuditTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [filters, setFilters] = useState<AuditFilters>({});
  const filterKey = auditSearch(filters);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      downloadBlob(await getAuditCsv(filters), t('GOVERNANCE_AUDIT.fileName'));
      notifySuccess({ message: { key: 'GOVERNANCE_AUDIT.downloaded', ns: SHELL_NAMESPACE } });
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="audit-tab">
      <p className="audit-tab__intro">{t('GOVERNANCE_AUDIT.intro')}</p>
      <AuditFilterForm applied={filters} onApply={setFilters} />
      <div className="audit-tab__toolbar">
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          {t('GOVERNANCE_AUDIT.download')}
        </Button>
      </div>
      {/* Other filters: the pages shown start again from the newest. */}
      <AuditEntries key={filterKey} filters={filters} />
    </div>
  );
}
