import { useCollectionsQuery, useLanguageModelsQuery, useToolServersQuery } from '@assistant/endpoints';
import { useFeature, useLocale } from '@assistant/platform';
import { WordDiffView } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { changedFields, type AgentFields, type FieldTexts } from '../model/agent-fields';
import type { AgentFormField } from '../model/agent-form-values';
import '../agent-form.css';

/** The label of each field, as the form names it. */
const FIELD_LABELS = {
  name: 'form.name',
  description: 'form.description',
  icon: 'form.icon',
  instructions: 'form.instructions',
  model_id: 'form.model',
  temperature: 'form.temperature',
  starter_prompts: 'form.starterPrompts.legend',
  collection_ids: 'form.knowledge.legend',
  tools: 'form.tools.legend',
  server_ids: 'form.tools.serversLegend',
} as const satisfies Record<AgentFormField, string>;

/** Turns an agent's fields into the texts a person compares: names for ids, one list entry a line. */
function useFieldTexts(): (fields: AgentFields) => FieldTexts {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const models = useLanguageModelsQuery().data ?? [];
  const personal = useCollectionsQuery('personal').data ?? [];
  const company = useCollectionsQuery('company').data ?? [];
  const servers = useToolServersQuery(useFeature('mcpTools')).data ?? [];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (fields) => ({
    name: fields.name,
    description: fields.description,
    icon: t(`icons.${fields.icon}`),
    instructions: fields.instructions,
    model_id: fields.model_id ? (models.find((model) => model.id === fields.model_id)?.name ?? fields.model_id) : t('form.defaultModel'),
    temperature: fields.temperature === undefined ? t('form.details.defaultTemperature') : number.format(fields.temperature),
    starter_prompts: fields.starter_prompts.join('\n'),
    collection_ids: fields.collection_ids
      .map((id) => {
        const found = personal.find((entry) => entry.id === id) ?? company.find((entry) => entry.id === id);
        return found ? (found.scope === 'company' ? t('form.knowledge.companyCollection', { name: found.name }) : found.name) : t('form.knowledge.unavailable', { id });
      })
      .join('\n'),
    tools: fields.tools.map((tool) => t(`form.tools.builtin.${tool}.label`)).join('\n'),
    server_ids: fields.server_ids.map((id) => servers.find((server) => server.id === id)?.name ?? t('form.tools.serverUnavailable', { id })).join('\n'),
  });
}

export interface AgentComparisonProps {
  /** The older side (struck through where it differs); absent: nothing before (a first version). */
  before: AgentFields | undefined;
  /** The newer side (marked where it differs). */
  after: AgentFields;
  /** Names one field's diff for screen readers, e.g. "Instructions: changes in version 3". */
  diffLabel: (field: string) => string;
  /** The level of each field's heading. */
  headingLevel: 3 | 4;
}

/**
 * Two sets of an agent's fields side by side in one: every field that differs, under its name,
 * word by word (removed words struck through, added ones marked), in the form's order.
 */
export function AgentComparison({ before, after, diffLabel, headingLevel }: AgentComparisonProps) {
  const { t } = useTranslation(NAMESPACE);
  const texts = useFieldTexts();
  const afterTexts = texts(after);
  const beforeTexts = before ? texts(before) : (Object.fromEntries(Object.keys(afterTexts).map((field) => [field, ''])) as FieldTexts);
  const fields = changedFields(beforeTexts, afterTexts);
  const Heading = `h${headingLevel}` as const;
  if (fields.length === 0) return <p className="agent-comparison__same">{t('compare.same')}</p>;
  return (
    <div className="agent-comparison">
      {fields.map((field) => (
        <section key={field} className="agent-comparison__field">
          <Heading className="agent-comparison__name">{t(FIELD_LABELS[field])}</Heading>
          <WordDiffView before={beforeTexts[field]} after={afterTexts[field]} label={diffLabel(t(FIELD_LABELS[field]))} />
        </section>
      ))}
    </div>
  );
}
