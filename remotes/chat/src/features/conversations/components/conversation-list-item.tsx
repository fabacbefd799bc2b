import type { Conversation } from '@assistant/contracts';
import { formatLongDate, formatShortDate, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../namespace';
import type { DateGroup } from '../model/group-by-date';

export interface ConversationListItemProps {
  conversation: Conversation;
  /** Where the chat page is (/chat): the link goes to {basePath}/{id}. */
  basePath: string;
  group: DateGroup;
  /** The conversation open on the page: marked aria-current="page". */
  open: boolean;
  onRename(conversation: Conversation): void;
  onDelete(conversation: Conversation): void;
}

/**
 * One conversation: its name links to it (/chat/{id}); the date of
 * the last change in the group Older (the other groups say the day already), the long date as a
 * tooltip; rename and delete named with the conversation ("Rename Trip to Lisbon").
 */
export function ConversationListItem({ conversation, basePath, group, open, onRename, onDelete }: ConversationListItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const { name } = conversation;
  return (
    <li className={open ? 'chat-conversation-item chat-conversation-item--open' : 'chat-conversation-item'}>
      <Link
        to={`${basePath}/${encodeURIComponent(conversation.id)}`}
        className="chat-conversation-item__name"
        aria-current={open ? 'page' : undefined}
        title={formatLongDate(conversation.updated_at, { language })}
      >
        {name}
      </Link>
      {group === 'older' && (
        <time className="chat-conversation-item__date" dateTime={conversation.updated_at}>
          {formatShortDate(conversation.updated_at, { language })}
        </time>
      )}
      <span className="chat-conversation-item__actions">
        <Button variant="ghost" size="sm" aria-label={t('conversations.actions.renameNamed', { name })} onClick={() => onRename(conversation)}>
          {t('conversations.actions.rename')}
        </Button>
        <Button variant="ghost" size="sm" aria-label={t('conversations.actions.deleteNamed', { name })} onClick={() => onDelete(conversation)}>
          {t('conversations.actions.delete')}
        </Button>
      </span>
    </li>
  );
}
