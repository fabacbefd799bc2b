import { BUDGET_UNITS, type BudgetSettings, type BudgetUnit } from '@assistant/contracts';
import { useAdminGroupsQuery, useLanguageModelsQuery } from '@assistant/endpoints';
import { ApiRequestError, errorMessageText, notifySuccess, useLocale } from '@assistant/platform';
import { Button, Select, TextField } from '@assistant/ui';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { useSaveAdminBudgets } from './api/save-admin-budgets';
import {
  draftFromSettings,
  draftProblems,
  fieldElementId,
  problemsOf,
  settingsFromDraft,
  type BudgetsDraft,
  type FieldProblem,
  type LimitDraft,
  type PriceDraft,
} from './budgets-draft';
import { LimitRows } from './limit-rows';
import { PersonSearch } from './person-search';
import { PriceRows } from './price-rows';

/**
 * The budget settings as a draft over the saved ones. The contract's schema checks the draft
 * once a save was tried (and after every edit from then on), each problem shown at its field;
 * a refused or failed save keeps every entry.
 */
export function BudgetsForm({ saved }: { saved: BudgetSettings }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const save = useSaveAdminBudgets();
  const groupsQuery = useAdminGroupsQuery();
  const offered = useLanguageModelsQuery();
  const [draft, setDraftState] = useState<BudgetsDraft>(() => draftFromSettings(saved, language));
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Record<string, FieldProblem>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [status, setStatus] = useState<'clean' | 'dirty' | 'saved'>('clean');
  const [groupToAdd, setGroupToAdd] = useState('');
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);

  const clientProblems = useMemo(() => (submitted ? draftProblems(draft) : {}), [draft, submitted]);
  const problems = { ...serverProblems, ...clientProblems };
  const errorOf = (field: string): string | undefined => {
    const found = problems[field];
    if (!found) return undefined;
    return found.problem === 'other' ? found.message : t(`GOVERNANCE_BUDGETS.errors.${found.problem}`);
  };

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"], select[aria-invalid="true"], .budgets-form__section-error');
    (first ?? alertRef.current)?.focus();
  }, [focusRequest]);

  const setDraft = (next: Partial<BudgetsDraft>) => {
    setServerProblems({});
    setSaveError(null);
    setStatus('dirty');
    setDraftState((current) => ({ ...current, ...next }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSaveError(null);
    if (Object.keys(draftProblems(draft)).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    try {
      const result = await save.mutateAsync(settingsFromDraft(draft));
      setDraftState(draftFromSettings(result, language));
      setSubmitted(false);
      setStatus('saved');
      notifySuccess({ message: { key: 'GOVERNANCE_BUDGETS.saved', ns: SHELL_NAMESPACE } });
    } catch (error) {
      const issues = error instanceof ApiRequestError ? (error.body?.issues ?? []) : [];
      setServerProblems(problemsOf(issues, draft));
      setSaveError(errorMessageText(error, language));
      setFocusRequest((n) => n + 1);
    }
  };

  const limitUnit = draft.unit === 'cost' ? draft.currency || '–' : t('GOVERNANCE_BUDGETS.unitTokens');
  const groups = groupsQuery.data ?? [];
  const addable = groups.filter((group) => !draft.groups.some((row) => row.id === group.id));
  const models = offered.data ?? [];
  const taken = new Set(draft.users.map((user) => user.id));
  const hasProblems = Object.keys(problems).length > 0;

  return (
    <form ref={formRef} className="budgets-form" noValidate onSubmit={(event) => void submit(event)}>
      <Section title={t('GOVERNANCE_BUDGETS.general')}>
        <div className="budgets-form__grid">
          <Select
            id={fieldElementId('unit')}
            label={t('GOVERNANCE_BUDGETS.unit')}
            value={draft.unit}
            onChange={(event) => setDraft({ unit: event.target.value as BudgetUnit })}
            options={BUDGET_UNITS.map((unit) => ({ value: unit, label: t(`GOVERNANCE_BUDGETS.units.${unit}`) }))}
          />
          <TextField
            id={fieldElementId('currency')}
            label={t('GOVERNANCE_BUDGETS.currency')}
            description={t('GOVERNANCE_BUDGETS.currencyHint')}
            value={draft.currency}
            maxLength={3}
            autoComplete="off"
            autoCapitalize="characters"
            error={errorOf('currency')}
            onChange={(event) => setDraft({ currency: event.target.value.toUpperCase() })}
          />
          <TextField
            id={fieldElementId('default_limit')}
            label={t('GOVERNANCE_BUDGETS.defaultLimit', { unit: limitUnit })}
            description={t('GOVERNANCE_BUDGETS.defaultLimitHint')}
            inputMode="decimal"
            autoComplete="off"
            value={draft.defaultLimit}
            error={errorOf('default_limit')}
            onChange={(event) => setDraft({ defaultLimit: event.target.value })}
          />
          <TextField
            id={fieldElementId('transcription_tokens_per_minute')}
            label={t('GOVERNANCE_BUDGETS.transcription')}
            description={t('GOVERNANCE_BUDGETS.transcriptionHint')}
            inputMode="numeric"
            autoComplete="off"
            value={draft.transcription}
            error={errorOf('transcription_tokens_per_minute')}
            onChange={(event) => setDraft({ transcription: event.target.value })}
          />
        </div>
      </Section>

      <Section title={t('GOVERNANCE_BUDGETS.groups')} hint={t('GOVERNANCE_BUDGETS.groupsHint')}>
        <LimitRows
          list="groups"
          rows={draft.groups}
          unit={limitUnit}
          empty={t('GOVERNANCE_BUDGETS.groupsEmpty')}
          errorOf={errorOf}
          onChange={(rows: LimitDraft[]) => setDraft({ groups: rows })}
        />
        <div className="budgets-form__add">
          <Select
            label={t('GOVERNANCE_BUDGETS.addGroup')}
            value={groupToAdd}
            onChange={(event) => setGroupToAdd(event.target.value)}
            placeholder={t('GOVERNANCE_BUDGETS.chooseGroup')}
            options={addable.map((group) => ({ value: group.id, label: group.name }))}
          />
          <Button
            variant="secondary"
            disabled={!addable.some((group) => group.id === groupToAdd)}
            onClick={() => {
              const group = addable.find((g) => g.id === groupToAdd);
              if (!group) return;
              setDraft({ groups: [...draft.groups, { id: group.id, name: group.name, limit: '' }] });
              setGroupToAdd('');
            }}
          >
            {t('GOVERNANCE_BUDGETS.addGroupButton')}
          </Button>
        </div>
      </Section>

      <Section title={t('GOVERNANCE_BUDGETS.users')} hint={t('GOVERNANCE_BUDGETS.usersHint')} error={errorOf('users')} errorId={fieldElementId('users')}>
        <LimitRows
          list="users"
          rows={draft.users}
          unit={limitUnit}
          empty={t('GOVERNANCE_BUDGETS.usersEmpty')}
          errorOf={errorOf}
          onChange={(rows: LimitDraft[]) => setDraft({ users: rows })}
        />
        <PersonSearch taken={taken} onAdd={(person) => setDraft({ users: [...draft.users, { id: person.sub, name: person.name, limit: '' }] })} />
      </Section>

      <Section
        title={t('GOVERNANCE_BUDGETS.prices')}
        hint={t('GOVERNANCE_BUDGETS.pricesHint', { currency: draft.currency || '–' })}
        error={errorOf('prices')}
        errorId={fieldElementId('prices')}
      >
        <PriceRows
          rows={draft.prices}
          models={models}
          empty={t('GOVERNANCE_BUDGETS.pricesEmpty')}
          errorOf={errorOf}
          onChange={(rows: PriceDraft[]) => setDraft({ prices: rows })}
        />
      </Section>

      <div className="budgets-form__actions">
        <Button type="submit" loading={save.isPending}>
          {t('GOVERNANCE_BUDGETS.save')}
        </Button>
        <p className="budgets-form__status" role="status">
          {status === 'saved' ? t('GOVERNANCE_BUDGETS.savedStatus') : status === 'dirty' ? t('GOVERNANCE_BUDGETS.unsaved') : null}
        </p>
      </div>
      {(saveError || (submitted && hasProblems)) && (
        <p ref={alertRef} className="budgets-form__alert" role="alert" tabIndex={-1}>
          {saveError ? t('GOVERNANCE_BUDGETS.saveFailed', { reason: saveError }) : t('GOVERNANCE_BUDGETS.invalid')}
        </p>
      )}
    </form>
  );
}

interface SectionProps {
  title: string;
  hint?: string;
  /** A problem of the section as a whole (the price table, too many overrides). */
  error?: string;
  errorId?: string;
  children: ReactNode;
}

function Section({ title, hint, error, errorId, children }: SectionProps) {
  return (
    <fieldset className="budgets-form__section" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="budgets-form__legend">{title}</legend>
      {hint && <p className="budgets-form__hint">{hint}</p>}
      {error && (
        <p id={errorId} className="budgets-form__section-error" tabIndex={-1}>
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}
