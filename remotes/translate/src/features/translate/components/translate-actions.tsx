import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface TranslateActionsProps {
  running: boolean;
  canTranslate: boolean;
  canClear: boolean;
  onStop(): void;
  onClear(): void;
}

/** Translate (the form's submit, also Ctrl+Enter), Stop while a translation runs, Clear. */
export function TranslateActions({ running, canTranslate, canClear, onStop, onClear }: TranslateActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="translate-actions">
      <Button type="submit" loading={running} disabled={!running && !canTranslate}>
        {running ? t('actions.translating') : t('actions.translate')}
      </Button>
      {running && (
        <Button variant="secondary" onClick={onStop}>
          {t('actions.stop')}
        </Button>
      )}
      <Button variant="ghost" onClick={onClear} disabled={!canClear}>
        {t('actions.clear')}
      </Button>
    </div>
  );
}
