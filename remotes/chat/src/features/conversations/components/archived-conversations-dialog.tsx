import type { Conversation } from '@assistant/contracts';
import { formatLongDate, formatShortDate, useLocale } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { Button, Dialog } from '@assistant/ui';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { MutationResult, OrganizeChange } from '../hooks/use-conversation-mutations';
import { DeleteConversationDialog } from './delete-conversation-dialog';

export interface ArchivedConversationsDialogProps {
  /** The archived conversations, as the list has them (most recently updated first). */
  archived: Conversation[];
  /** Where the chat page is (/chat): a name links to {basePath}/{id}. */
  basePath: string;
  onOrganize(conversation: Conversation, change: OrganizeChange): Promise<MutationResult>;
  onDelete(conversation: Conversation): Promise<MutationResult>;
  /** A conversation's link was followed (the dialog closes, the page opens it). */
  onOpen(): void;
  onClose(): void;
}

/**
 * "Archived chats": the conversations taken out of the list, each with its date, a link that opens
 * it, Unarchive (back into the list) and Delete (after the usual confirmation). After either the
 * focus goes to the count, which says what is left. Mount it when it opens.
 */
export function ArchivedConversationsDialog({ archived, basePath, onOrganize, onDelete, onOpen, onClose }: ArchivedConversationsDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const [deleting, setDeleting] = useState<Conversation>();
  const countRef = useRef<HTMLParagraphElement>(null);
  // The row that had the focus is gone: the count says what is left.
  const focusCount = () => requestAnimationFrame(() => countRef.current?.focus());

  return (
    <Dialog
      open
      size="lg"
      title={t('organize.archive.title')}
      onClose={onClose}
      closeLabel={t('conversations.dialog.close')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('conversations.dialog.close')}
        </Button>
      }
    >
      <p ref={countRef} tabIndex={-1} className="chat-archived__count">
        {archived.length === 0 ? t('organize.archive.empty') : t('organize.archive.count', { count: archived.length })}
      </p>
      {archived.length > 0 && (
        <ul className="chat-archived__list">
          {archived.map((conversation) => (
            <li key={conversation.id} className="chat-archived__item">
              <Link
                to={`${basePath}/${encodeURIComponent(conversation.id)}`}
                className="chat-archived__name"
                title={formatLongDate(conversation.updated_at, { language })}
                onClick={onOpen}
              >
                {conversation.name}
              </Link>
              <time className="chat-archived__date" dateTime={conversation.updated_at}>
                {formatShortDate(conversation.updated_at, { language })}
              </time>
              <span className="chat-archived__actions">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('organize.unarchiveNamed', { name: conversation.name })}
                  onClick={async () => {
                    if ((await onOrganize(conversation, { archived: false })).ok) focusCount();
                  }}
                >
                  {t('organize.unarchive')}
                </Button>
                <Button size="sm" variant="ghost" aria-label={t('conversations.actions.deleteNamed', { name: conversation.name })} onClick={() => setDeleting(conversation)}>
                  {t('conversations.actions.delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <DeleteConversationDialog
          conversation={deleting}
          onConfirm={async () => {
            const result = await onDelete(deleting);
            if (result.ok || result.gone) focusCount();
            return result;
          }}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </Dialog>
  );
}
