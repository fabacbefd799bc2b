import { AGENT_GENERATE_DESCRIPTION_MAX_LENGTH, generateAgentRequestSchema, isRefusedRequest, type AgentDraft } from '@assistant/contracts';
import { ApiRequestError, errorMessageText, useLocale } from '@assistant/platform';
import { Button, Card, Loading, TextArea } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useGenerateAgent } from '../api/generate-agent';
import { issueText } from '../model/agent-form-values';

export interface DescribeAgentProps {
  id: string;
  /** The proposal arrived: the form takes its fields for review (nothing is saved). */
  onProposal(draft: AgentDraft): void;
  announce(text: string): void;
}

/**
 * "Describe it and let the assistant fill the form": a description goes to POST
 * skills/generate-agent; while the model works the button waits and a status says so; the
 * proposal fills the form; a failure is said at the description.
 */
export function DescribeAgent({ id, onProposal, announce }: DescribeAgentProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const generating = useGenerateAgent();
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const failureText = (failure: unknown): string => {
    if (failure instanceof ApiRequestError) {
      const { code } = failure;
      if (code === 'model_unavailable' || code === 'service_unavailable') return t('form.generate.errors.noModel');
      if (code === 'upstream_failed') return t('form.generate.errors.unusable');
      if (code === 'upstream_timeout' || failure.timedOut) return t('form.generate.errors.timeout');
      if (isRefusedRequest(code) && failure.body?.message) return t('errors.invalid', { message: failure.body.message });
    }
    return errorMessageText(failure, language);
  };

  const generate = async () => {
    const checked = generateAgentRequestSchema.shape.description.safeParse(description);
    if (!checked.success) {
      setError(issueText(checked.error.issues[0]!, t));
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    announce(t('form.generate.working'));
    try {
      const draft = await generating.mutateAsync({ description: checked.data, language });
      onProposal(draft);
    } catch (failure) {
      const text = failureText(failure);
      setError(text);
      announce(text);
    }
  };

  return (
    <Card title={t('form.generate.title')} headingLevel={2} className="agent-describe">
      <TextArea
        id={id}
        label={t('form.generate.label')}
        description={t('form.generate.description')}
        rows={3}
        maxLength={AGENT_GENERATE_DESCRIPTION_MAX_LENGTH}
        value={description}
        error={error}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="agent-form__actions">
        <Button variant="secondary" loading={generating.isPending} onClick={() => void generate()}>
          {t('form.generate.button')}
        </Button>
        {generating.isPending && <Loading size="sm" showLabel label={t('form.generate.working')} />}
      </div>
    </Card>
  );
}
