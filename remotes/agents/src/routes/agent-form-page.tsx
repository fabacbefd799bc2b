import { AGENT_DESCRIPTION_MAX_LENGTH, AGENT_INSTRUCTIONS_MAX_LENGTH, AGENT_NAME_MAX_LENGTH } from '@assistant/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

/**
 * /agents/new and /agents/:id: one form for creating and editing. Editing needs the agent from
 * the server; until the agents API answers, no agent exists and an id shows the not-found state.
 */
export default function AgentFormPage() {
  const { t } = useTranslation('agents');
  const { id } = useParams();
  const fieldId = useId();

  if (id !== undefined) {
    return (
      <div className="remote-page agent-form-page">
        <h1>{t('form.editTitle')}</h1>
        <div className="empty-state" role="status">
          <p className="empty-state__title">{t('form.notFound.title')}</p>
          <p className="empty-state__text">{t('form.notFound.text')}</p>
        </div>
        <p>
          <Link to="..">{t('form.back')}</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="remote-page agent-form-page">
      <h1 id={`${fieldId}-title`}>{t('form.createTitle')}</h1>
      <form aria-labelledby={`${fieldId}-title`} onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${fieldId}-name`}>{t('form.name')}</label>
          <input id={`${fieldId}-name`} name="name" required maxLength={AGENT_NAME_MAX_LENGTH} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${fieldId}-description`}>{t('form.description')}</label>
          <textarea id={`${fieldId}-description`} name="description" rows={2} maxLength={AGENT_DESCRIPTION_MAX_LENGTH} />
        </div>
        <div className="field">
          <label htmlFor={`${fieldId}-instructions`}>{t('form.instructions')}</label>
          <textarea id={`${fieldId}-instructions`} name="instructions" rows={8} required maxLength={AGENT_INSTRUCTIONS_MAX_LENGTH} />
        </div>
        <div className="form-actions">
          <button type="submit" disabled>
            {t('form.save')}
          </button>
          <Link to="..">{t('form.cancel')}</Link>
        </div>
      </form>
    </div>
  );
}
