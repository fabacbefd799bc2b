import { budgetExhaustedMessage, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { canRetry, errorTextKey } from '../model/error-text';

/**
 * Why the answer failed, with "Try again" where asking again may work. A used-up budget says the
 * day it resets (the platform's text, as every screen says it) and offers no retry.
 */
export function AnswerFailure({ code, onRetry }: { code: string | undefined; onRetry(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  return (
    <div className="qa-answer__failure" role="alert">
      <p>{code === 'budget_exhausted' ? budgetExhaustedMessage(language) : t('answer.failed', { reason: t(errorTextKey(code)) })}</p>
      {canRetry(code) && (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('answer.retry')}
        </Button>
      )}
    </div>
  );
}
