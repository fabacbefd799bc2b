import { myRetentionQuery } from '@assistant/endpoints';
import { useQuery } from '@assistant/platform';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/**
 * "Chats are kept for 90 days": how long the server keeps the user's conversations (GET
 * /api/me/retention, the shell's "Usage and data" reads the same query). Nothing while it loads,
 * when it failed, or when they are kept until the user deletes them.
 */
export function RetentionNote() {
  const { t } = useTranslation(NAMESPACE);
  const days = useQuery(myRetentionQuery()).data?.days.conversations;
  if (days === undefined || days === null) return null;
  return <p className="chat-conversations__retention">{t('conversations.retention', { count: days })}</p>;
}
