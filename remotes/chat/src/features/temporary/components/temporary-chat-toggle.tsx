import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { TemporaryChat } from '../hooks/use-temporary-chat';

/**
 * "Temporary chat" at the top of a new conversation (ChatGPT's switch): a toggle button
 * (`aria-pressed`); pressed again it ends the temporary chat (asking first when it has messages).
 */
export function TemporaryChatToggle({ temporary }: { temporary: TemporaryChat }) {
  const { t } = useTranslation(NAMESPACE);
  const on = temporary.history !== undefined;
  return (
    <Button
      variant={on ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={on}
      title={t('temporary.toggleHint')}
      className="chat-temporary__toggle"
      onClick={temporary.toggle}
    >
      {t('temporary.toggle')}
    </Button>
  );
}
