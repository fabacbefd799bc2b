import { AGENT_DESCRIPTION_MAX_LENGTH, AGENT_INSTRUCTIONS_MAX_LENGTH, AGENT_NAME_MAX_LENGTH } from '@assistant/contracts';
import { Button, EmptyState, PageHeader, TextArea, TextField } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import './agent-form.css';
import { NAMESPACE } from '../namespace';
import { useDocumentTitle } from './use-document-title';

/**
 * /agents/new and /agents/:id: one form for creating and editing. Editing needs the agent from
 * the server; until the agents API answers, no agent exists and an id shows the not-found state.
 */
export default function AgentFormPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id } = useParams();
  useDocumentTitle(id !== undefined ? t('form.editTitle') : t('form.createTitle'));
  const titleId = useId();
  const back = <Link to="..">{t('form.back')}</Link>;

  if (id !== undefined) {
    return (
      <div className="remote-page agent-form-page">
        <PageHeader title={t('form.editTitle')} before={back} />
        <EmptyState title={t('form.notFound.title')} text={t('form.notFound.text')} />
      </div>
    );
  }

  return (
    <div className="remote-page agent-form-page">
      <PageHeader title={<span id={titleId}>{t('form.createTitle')}</span>} before={back} />
      <form aria-labelledby={titleId} className="agent-form" onSubmit={(event) => event.preventDefault()}>
        <TextField label={t('form.name')} name="name" required maxLength={AGENT_NAME_MAX_LENGTH} autoComplete="off" />
        <TextArea label={t('form.description')} name="description" rows={2} maxLength={AGENT_DESCRIPTION_MAX_LENGTH} />
        <TextArea label={t('form.instructions')} name="instructions" rows={8} required maxLength={AGENT_INSTRUCTIONS_MAX_LENGTH} showCount />
        <div className="agent-form__actions">
          <Button type="submit" disabled>
            {t('form.save')}
          </Button>
          <Link to=".." className="ui-button ui-button--secondary ui-button--md">
            {t('form.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
