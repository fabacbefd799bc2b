import {
  AGENT_DESCRIPTION_MAX_LENGTH,
  AGENT_INSTRUCTIONS_MAX_LENGTH,
  AGENT_NAME_MAX_LENGTH,
  AGENT_TEMPERATURE_MAX,
  type Agent,
  type AgentDraft,
} from '@assistant/contracts';
import { useLanguageModelsQuery } from '@assistant/endpoints';
import { ApiRequestError, notifySuccess, useLocale } from '@assistant/platform';
import { Button, ConfirmDialog, Select, TextArea, TextField, useAnnouncer, VisuallyHidden } from '@assistant/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLeaveBlocker, useNavigate } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';
import { AgentConflictError, describeAgentError, useCreateAgent, useUpdateAgent } from '../../agents';
import {
  emptyValues,
  firstInvalid,
  serverFieldErrors,
  toRequest,
  validateValues,
  valuesFromAgent,
  valuesFromDraft,
  type AgentFormField,
  type AgentFormValues,
  type FieldErrors,
} from '../model/agent-form-values';
import { fieldsFromValues, fieldsOf, sameFields, type AgentFields } from '../model/agent-fields';
import { ConflictNotice } from './conflict-notice';
import { DescribeAgent } from './describe-agent';
import { IconPicker } from './icon-picker';
import { KnowledgeField } from './knowledge-field';
import { promptInputId, StarterPromptsField } from './starter-prompts-field';
import { ToolsField } from './tools-field';
import '../agent-form.css';

/** The ids of the form's fields (one form per page), by field. */
export const FIELD_IDS: Record<AgentFormField | 'describe', string> = {
  describe: 'agent-describe',
  name: 'agent-name',
  description: 'agent-description',
  icon: 'agent-icon',
  instructions: 'agent-instructions',
  model_id: 'agent-model',
  temperature: 'agent-temperature',
  starter_prompts: 'agent-starter-prompts',
  collection_ids: 'agent-knowledge',
  tools: 'agent-tools',
  server_ids: 'agent-servers',
};
const GROUPS = new Set<AgentFormField>(['icon', 'starter_prompts', 'collection_ids', 'tools', 'server_ids']);

export interface AgentFormProps {
  /** The agent to edit (an editable one); absent: a new agent. */
  agent?: Agent;
  /** id of the page's title, which names the form. */
  labelledBy: string;
}

/**
 * The agent form of /agents/new and /agents/{id}: every field of the contract, "describe it" to
 * let the assistant fill it, checks with the contract's field schemas (each message at its field,
 * the first such field focused), save as POST (new) or PUT with base_version. A save based on an
 * old version shows how the newer one differs and lets the user take it or keep the form. Leaving
 * with unsaved changes (a link, back, closing the tab) asks first.
 */
export function AgentForm({ agent, labelledBy }: AgentFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const navigate = useNavigate();
  const creating = useCreateAgent();
  const updating = useUpdateAgent();
  const models = useLanguageModelsQuery();
  const [values, setValues] = useState<AgentFormValues>(() => (agent ? valuesFromAgent(agent) : emptyValues()));
  // What is stored (or, for a new agent, the empty form): the form differs from it until saved.
  const [stored, setStored] = useState<AgentFields>(() => (agent ? fieldsOf(agent) : fieldsFromValues(emptyValues())));
  const [created, setCreated] = useState<string | undefined>(undefined);
  const [baseVersion, setBaseVersion] = useState(agent?.version ?? 1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [conflict, setConflict] = useState<Agent | null>(null);
  const [saving, setSaving] = useState(false);
  const [announcement, announce] = useAnnouncer();
  const saveRef = useRef<HTMLButtonElement>(null);
  const unsaved = created === undefined && !sameFields(fieldsFromValues(values), stored);
  const leave = useLeaveBlocker(unsaved);

  // A new agent opens at its own address once the blocker has let go (it did on this render).
  useEffect(() => {
    if (created !== undefined) void navigate(`../${encodeURIComponent(created)}`, { replace: true });
  }, [created, navigate]);

  const set = <K extends keyof AgentFormValues>(field: K, value: AgentFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));

  const focusField = (field: AgentFormField, index?: number, prompts = values.starter_prompts) => {
    // After the render that shows the messages (an input may only now exist).
    requestAnimationFrame(() => {
      const groupId = FIELD_IDS[field];
      const entry = index === undefined ? undefined : prompts[index];
      const target = entry
        ? document.getElementById(promptInputId(groupId, entry.key))
        : GROUPS.has(field)
          ? document.querySelector<HTMLElement>(`#${groupId} input:not([disabled]), #${groupId} button:not([disabled])`)
          : document.getElementById(groupId);
      target?.focus();
    });
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = firstInvalid(found);
    if (first) focusField(first.field, first.index);
    const count = Object.values(found).filter(Boolean).length;
    announce(t('form.invalid', { count }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateValues(values, t);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setFormError(undefined);
    setSaving(true);
    try {
      if (!agent) {
        const made = await creating.mutateAsync(toRequest(values));
        notifySuccess({ message: { text: t('form.created', { name: made.name }) } });
        setCreated(made.id);
        return;
      }
      const saved = await updating.mutateAsync({ id: agent.id, fields: { ...toRequest(values), base_version: baseVersion } });
      setBaseVersion(saved.version);
      setValues(valuesFromAgent(saved));
      setStored(fieldsOf(saved));
      setConflict(null);
      notifySuccess({ message: { text: t('form.saved', { name: saved.name }) } });
      announce(t('form.saved', { name: saved.name }));
    } catch (error) {
      if (error instanceof AgentConflictError) {
        setConflict(error.current);
        announce(t('form.conflict.title'));
        return;
      }
      const issues = error instanceof ApiRequestError && error.code === 'validation_failed' ? error.body?.issues : undefined;
      const fromServer = issues ? serverFieldErrors(issues) : {};
      if (Object.keys(fromServer).length > 0) {
        showErrors(fromServer);
        return;
      }
      const failure = describeAgentError(error, t, language);
      if (failure.kind === 'other') console.error(error);
      setFormError(t('form.saveFailed', { reason: failure.message }));
    } finally {
      setSaving(false);
    }
  };

  const onProposal = (draft: AgentDraft) => {
    setValues((current) => valuesFromDraft(draft, current));
    setErrors({});
    announce(t('form.generate.filled'));
  };

  const loadCurrent = (current: Agent) => {
    const next = valuesFromAgent(current);
    setValues(next);
    setStored(fieldsOf(current));
    setBaseVersion(current.version);
    setErrors({});
    setConflict(null);
    announce(t('form.conflict.loaded', { version: current.version }));
    focusField('name', undefined, next.starter_prompts);
  };

  const keepMine = (current: Agent) => {
    setBaseVersion(current.version);
    setStored(fieldsOf(current));
    setConflict(null);
    announce(t('form.conflict.kept'));
    requestAnimationFrame(() => saveRef.current?.focus());
  };

  const modelList = models.data ?? [];
  const modelOptions = [{ value: '', label: t('form.defaultModel') }, ...modelList.map((model) => ({ value: model.id, label: model.name }))];
  if (values.model_id && !modelList.some((model) => model.id === values.model_id)) {
    modelOptions.push({ value: values.model_id, label: models.isPending ? values.model_id : t('form.modelUnavailable', { model: values.model_id }) });
  }
  const chosenModel = modelList.find((model) => model.id === values.model_id);

  return (
    <div className="agent-form-layout">
      <DescribeAgent id={FIELD_IDS.describe} onProposal={onProposal} announce={announce} />
      <form aria-labelledby={labelledBy} className="agent-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="agent-form__note">{t('form.requiredNote')}</p>
        <TextField
          id={FIELD_IDS.name}
          label={t('form.name')}
          required
          maxLength={AGENT_NAME_MAX_LENGTH}
          autoComplete="off"
          value={values.name}
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextArea
          id={FIELD_IDS.description}
          label={t('form.description')}
          description={t('form.descriptionHint')}
          rows={2}
          maxLength={AGENT_DESCRIPTION_MAX_LENGTH}
          showCount
          value={values.description}
          error={errors.description}
          onChange={(event) => set('description', event.target.value)}
        />
        <IconPicker id={FIELD_IDS.icon} value={values.icon} error={errors.icon} onChange={(icon) => set('icon', icon)} />
        <TextArea
          id={FIELD_IDS.instructions}
          label={t('form.instructions')}
          description={t('form.instructionsHint', { date: '{{date}}', user_name: '{{user_name}}' })}
          rows={8}
          required
          maxLength={AGENT_INSTRUCTIONS_MAX_LENGTH}
          showCount
          value={values.instructions}
          error={errors.instructions}
          onChange={(event) => set('instructions', event.target.value)}
        />
        <div className="agent-form__row">
          <Select
            id={FIELD_IDS.model_id}
            label={t('form.model')}
            description={chosenModel?.description ?? (models.isError ? t('form.modelsFailed') : undefined)}
            options={modelOptions}
            value={values.model_id}
            error={errors.model_id}
            onChange={(event) => set('model_id', event.target.value)}
          />
          <TextField
            id={FIELD_IDS.temperature}
            label={t('form.temperature')}
            description={t('form.temperatureHint', { max: AGENT_TEMPERATURE_MAX })}
            inputMode="decimal"
            autoComplete="off"
            value={values.temperature}
            error={errors.temperature}
            onChange={(event) => set('temperature', event.target.value)}
          />
        </div>
        <StarterPromptsField
          id={FIELD_IDS.starter_prompts}
          prompts={values.starter_prompts}
          errors={errors}
          onChange={(prompts) => {
            // Messages of single prompts are by position: after an add, move or removal they no longer fit.
            const reordered = prompts.length !== values.starter_prompts.length || prompts.some((entry, index) => entry.key !== values.starter_prompts[index]?.key);
            if (reordered) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('starter_prompts.'))));
            set('starter_prompts', prompts);
          }}
          announce={announce}
        />
        <KnowledgeField
          id={FIELD_IDS.collection_ids}
          selected={values.collection_ids}
          error={errors.collection_ids}
          onChange={(selected) => set('collection_ids', selected)}
        />
        <ToolsField
          toolsId={FIELD_IDS.tools}
          serversId={FIELD_IDS.server_ids}
          tools={values.tools}
          servers={values.server_ids}
          toolsError={errors.tools}
          serversError={errors.server_ids}
          onToolsChange={(tools) => set('tools', tools)}
          onServersChange={(servers) => set('server_ids', servers)}
        />
        {conflict && (
          <ConflictNotice current={conflict} mine={fieldsFromValues(values)} onLoadCurrent={() => loadCurrent(conflict)} onKeepMine={() => keepMine(conflict)} />
        )}
        {formError && (
          <p role="alert" className="ui-field__error agent-form__error">
            {formError}
          </p>
        )}
        <div className="agent-form__actions">
          <Button ref={saveRef} type="submit" loading={saving}>
            {t('form.save')}
          </Button>
          <Link to=".." className="ui-button ui-button--secondary ui-button--md">
            {t('form.cancel')}
          </Link>
          {agent && (
            <Link to={`/chat?agent=${encodeURIComponent(agent.id)}`} className="ui-button ui-button--ghost ui-button--md">
              {t('form.chat')}
            </Link>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={leave.state === 'blocked'}
        title={t('form.leave.title')}
        message={t('form.leave.message')}
        confirmLabel={t('form.leave.confirm')}
        cancelLabel={t('form.leave.cancel')}
        danger
        onConfirm={leave.proceed}
        onCancel={leave.reset}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
