import { Badge } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/** An answer's reasoning, folded ("Reasoning"), as the model showed it. */
export function AnswerReasoning({ text }: { text: string | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  if (!text) return null;
  return (
    <details className="conversation__reasoning">
      <summary>{t('conversation.reasoning')}</summary>
      <p className="conversation__reasoning-text">{text}</p>
    </details>
  );
}

/** The line under an answer: the model that wrote it ("Model: Llama 3") and a "Stopped" badge. */
export function AnswerMeta({ modelName, stopped }: { modelName: string | undefined; stopped: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  if (!modelName && !stopped) return null;
  return (
    <div className="conversation__answer-meta">
      {modelName && (
        <p className="conversation__answer-model">
          {t('conversation.composer.model')}: {modelName}
        </p>
      )}
      {stopped && <Badge variant="info">{t('conversation.stopped')}</Badge>}
    </div>
  );
}
