import { usePermission } from '@assistant/platform';
import { Button, EmptyState } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { ConnectEnginePanel } from './connect-engine-panel';

export interface NoEngineStateProps {
  /** Loads the engines again. */
  onRetry(): void;
}

/**
 * No engine is connected (or the list could not be loaded): translation is unavailable. The
 * platform has already shown TRANSLATION_NOTIFICATIONS.translation-model-unavailable; this says it
 * in place, and administrators also learn how to connect an engine.
 */
export function NoEngineState({ onRetry }: NoEngineStateProps) {
  const { t } = useTranslation(NAMESPACE);
  const isAdmin = usePermission('AdministrateAssistant');
  return (
    <div className="translate-unavailable">
      <EmptyState
        title={t('unavailable.title')}
        text={isAdmin ? t('unavailable.textAdmin') : t('unavailable.text')}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t('unavailable.retry')}
          </Button>
        }
      />
      {isAdmin === true && <ConnectEnginePanel />}
    </div>
  );
}
