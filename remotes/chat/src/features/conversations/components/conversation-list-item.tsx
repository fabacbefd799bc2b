import type { Conversation } from '@assistant/contracts';
import { formatLongDate, formatShortDate, useLocale } from '@assistant/platform';
import { Badge, Button, SharingBadge } from '@assistant/ui';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';
import { ConversationExportAction } from '../../export';
import { ConversationProjectActions } from '../../projects';
import type { OrganizeChange } from '../hooks/use-conversation-mutations';
import type { DateGroup } from '../model/group-by-date';

export interface ConversationListItemProps {
  conversation: Conversation;
  /** Where the chat page is (/chat): the link goes to {basePath}/{id}. */
  basePath: string;
  /** The date group it is listed in (Older shows the date); the pinned group and the search's archived ones show none. */
  group: DateGroup | 'pinned' | 'archived';
  /** The conversation open on the page: marked aria-current="page". */
  open: boolean;
  onRename(conversation: Conversation): void;
  onDelete(conversation: Conversation): void;
  /** Pin or unpin, archive or unarchive (the menu offers the opposite of what it is). */
  onOrganize(conversation: Conversation, change: OrganizeChange): void;
  /** The link was followed (the page closes its drawer on a phone). */
  onOpen?(): void;
  /** Developer mode: download the conversation's raw events (absent: not offered). */
  onDownloadEvents?(conversation: Conversation): void;
}

/**
 * One conversation: its name links to it (/chat/{id}); the date of
 * the last change in the group Older (the other groups say the day already), the long date as a
 * tooltip; rename and delete in a per-item menu ("Actions for Trip to Lisbon"), named with the
 * conversation ("Rename Trip to Lisbon"); pin or unpin and archive or unarchive there too. An
 * archived one (found by the search) says so.
 */
export function ConversationListItem({ conversation, basePath, group, open, onRename, onDelete, onOrganize, onOpen, onDownloadEvents }: ConversationListItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const { name } = conversation;
  return (
    <li className={open ? 'chat-conversation-item chat-conversation-item--open' : 'chat-conversation-item'} data-conversation={conversation.id}>
      <Link
        to={`${basePath}/${encodeURIComponent(conversation.id)}`}
        className="chat-conversation-item__name"
        aria-current={open ? 'page' : undefined}
        title={formatLongDate(conversation.updated_at, { language })}
        onClick={onOpen}
      >
        {name}
      </Link>
      {conversation.archived && <Badge className="chat-conversation-item__archived">{t('organize.archivedBadge')}</Badge>}
      <span className="chat-conversation-item__sharing">
        <SharingBadge sharing={conversation.sharing} />
      </span>
      {group === 'older' && (
        <time className="chat-conversation-item__date" dateTime={conversation.updated_at}>
          {formatShortDate(conversation.updated_at, { language })}
        </time>
      )}
      <ItemMenu label={t('conversations.actions.menu', { name })}>
        {(close) => (
          <>
            <Button variant="ghost" size="sm" aria-label={t('conversations.actions.renameNamed', { name })} onClick={() => close(() => onRename(conversation))}>
              {t('conversations.actions.rename')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t(conversation.pinned ? 'organize.unpinNamed' : 'organize.pinNamed', { name })}
              onClick={() => close(() => onOrganize(conversation, { pinned: !conversation.pinned }))}
            >
              {t(conversation.pinned ? 'organize.unpin' : 'organize.pin')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={t(conversation.archived ? 'organize.unarchiveNamed' : 'organize.archiveNamed', { name })}
              onClick={() => close(() => onOrganize(conversation, { archived: !conversation.archived }))}
            >
              {t(conversation.archived ? 'organize.unarchive' : 'organize.archiveAction')}
            </Button>
            <ConversationProjectActions conversation={conversation} close={close} />
            <ConversationExportAction conversation={conversation} close={close} />
            <Button variant="ghost" size="sm" aria-label={t('conversations.actions.deleteNamed', { name })} onClick={() => close(() => onDelete(conversation))}>
              {t('conversations.actions.delete')}
            </Button>
            {onDownloadEvents && (
              <Button variant="ghost" size="sm" aria-label={t('developer.events.downloadNamed', { name })} onClick={() => close(() => onDownloadEvents(conversation))}>
                {t('developer.events.download')}
              </Button>
            )}
          </>
        )}
      </ItemMenu>
    </li>
  );
}

/**
 * A disclosure menu: the button (aria-expanded) shows the actions below it and focuses the first;
 * Arrow keys move between them, Escape closes and returns to the button, leaving it closes it.
 * An action closes the menu first (focus back on the button), then runs (a dialog it opens
 * returns the focus there).
 */
function ItemMenu({ label, children }: { label: string; children: (close: (then: () => void) => void) => ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (expanded) menuRef.current?.querySelector('button')?.focus();
  }, [expanded]);

  const close = (then?: () => void) => {
    setExpanded(false);
    buttonRef.current?.focus();
    then?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
    const items = [...(menuRef.current?.querySelectorAll('button') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : (index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    event.preventDefault();
    items[next]?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded(false);
  };

  return (
    // Escape and the arrow keys come from the menu's buttons.
    <div className="chat-conversation-item__menu" onKeyDown={onKeyDown} onBlur={onBlur}>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-label={label}
        title={label}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((value) => !value)}
        className="chat-conversation-item__menu-button"
      >
        <span aria-hidden="true">⋯</span>
      </Button>
      <div ref={menuRef} id={id} className="chat-conversation-item__actions" hidden={!expanded}>
        {children((then) => close(then))}
      </div>
    </div>
  );
}
