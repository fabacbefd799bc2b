import type { Agent } from '@assistant/contracts';
import { useCollectionsQuery, useLanguageModelsQuery } from '@assistant/endpoints';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/**
 * A company agent the user may not change (`editable: false`): its fields to read, no inputs.
 * Collections and the model by their names where the user can see them.
 */
export function AgentDetails({ agent }: { agent: Agent }) {
  const { t } = useTranslation(NAMESPACE);
  const models = useLanguageModelsQuery().data ?? [];
  const personal = useCollectionsQuery('personal').data ?? [];
  const company = useCollectionsQuery('company').data ?? [];
  const collectionName = (id: string) => [...personal, ...company].find((collection) => collection.id === id)?.name ?? id;
  const none = <span className="agent-details__none">{t('form.details.none')}</span>;
  return (
    <dl className="agent-details">
      <dt>{t('form.name')}</dt>
      <dd>{agent.name}</dd>
      <dt>{t('form.description')}</dt>
      <dd>{agent.description || none}</dd>
      <dt>{t('form.instructions')}</dt>
      <dd className="agent-details__instructions">{agent.instructions}</dd>
      <dt>{t('form.model')}</dt>
      <dd>{agent.model_id ? (models.find((model) => model.id === agent.model_id)?.name ?? agent.model_id) : t('form.defaultModel')}</dd>
      <dt>{t('form.temperature')}</dt>
      <dd>{agent.temperature ?? t('form.details.defaultTemperature')}</dd>
      <dt>{t('form.starterPrompts.legend')}</dt>
      <dd>
        {agent.starter_prompts.length > 0 ? (
          <ol>
            {agent.starter_prompts.map((prompt) => (
              <li key={prompt}>{prompt}</li>
            ))}
          </ol>
        ) : (
          none
        )}
      </dd>
      <dt>{t('form.knowledge.legend')}</dt>
      <dd>
        {agent.collection_ids.length > 0 ? (
          <ul>
            {agent.collection_ids.map((id) => (
              <li key={id}>{collectionName(id)}</li>
            ))}
          </ul>
        ) : (
          none
        )}
      </dd>
      <dt>{t('form.tools.legend')}</dt>
      <dd>
        {agent.tools.length + agent.server_ids.length > 0 ? (
          <ul>
            {agent.tools.map((tool) => (
              <li key={tool}>{t(`form.tools.builtin.${tool}.label`)}</li>
            ))}
            {agent.server_ids.length > 0 && <li>{t('form.details.servers', { count: agent.server_ids.length })}</li>}
          </ul>
        ) : (
          none
        )}
      </dd>
    </dl>
  );
}
