import { Button, Dialog } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { ShortcutTable } from './shortcut-table';

/** The list of keyboard shortcuts (`?` or Ctrl+/), a lazy chunk with its texts. */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  return (
    <Dialog
      open
      size="md"
      title={t('SHORTCUTS.title')}
      description={t('SHORTCUTS.intro')}
      onClose={onClose}
      closeLabel={t('SHORTCUTS.close')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('SHORTCUTS.close')}
        </Button>
      }
    >
      {/* On a phone the list scrolls and holds nothing focusable: this stop lets the keyboard scroll it. */}
      <div tabIndex={0} role="region" aria-label={t('SHORTCUTS.title')}>
        <ShortcutTable headingLevel={3} />
      </div>
    </Dialog>
  );
}
