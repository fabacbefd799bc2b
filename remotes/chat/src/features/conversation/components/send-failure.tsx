import { budgetExhaustedMessage, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { canRetry, type SendErrorKey } from '../model/describe-send-error';

/**
 * Why an answer failed, under it, with "Retry" where sending again may work. A used-up budget says
 * the day it resets (the platform's text, as every other screen says it) and offers no retry.
 */
export function SendFailure({ reason, busy, onRetry }: { reason: SendErrorKey; busy: boolean; onRetry(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  return (
    <div className="conversation__failure">
      <p>{reason === 'budget_exhausted' ? budgetExhaustedMessage(language) : t('conversation.failed', { reason: t(`conversation.errors.${reason}`) })}</p>
      {canRetry(reason) && (
        <Button variant="secondary" size="sm" aria-disabled={busy || undefined} onClick={() => !busy && onRetry()}>
          {t('conversation.retry')}
        </Button>
      )}
    </div>
  );
}
