import type { Conversation } from '@assistant/contracts';
import { Button, CloseIcon, EmptyState, ErrorState, IconButton, Loading, PlusIcon, TextField, VisuallyHidden } from '@assistant/ui';
import { useKeyboardShortcut, useWorkspaceStore } from '@assistant/platform';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { ImportConversations } from '../../export';
import { ProjectsSection } from '../../projects';
import type { ConversationMutations, OrganizeChange } from '../hooks/use-conversation-mutations';
import type { UseConversations } from '../hooks/use-conversations';
import { useConversationMatches } from '../hooks/use-conversation-matches';
import { groupByDate } from '../model/group-by-date';
import { organizeConversations } from '../model/organize-conversations';
import { ArchivedConversationsDialog } from './archived-conversations-dialog';
import { ConversationListItem } from './conversation-list-item';
import { DeleteConversationDialog } from './delete-conversation-dialog';
import { RenameConversationDialog } from './rename-conversation-dialog';
import { RetentionNote } from './retention-note';
import '../conversations.css';

export interface ConversationListProps {
  list: UseConversations;
  mutations: ConversationMutations;
  /** Where the chat page is (/chat, wherever the host mounts it). */
  basePath: string;
  /** The conversation open on the page, if any. */
  openId: string | undefined;
  /** "New conversation": the page shows an empty one; the first question creates it. */
  onNew(): void;
  /** A conversation was deleted (the page leaves it when it was open). */
  onDeleted(conversation: Conversation): void;
  /** The clock the date groups are made with (tests). */
  now?: () => Date;
  /** The aside's id (the page's toggle controls it). */
  id?: string;
  /** Collapsed by the page (the list stays mounted and keeps its search). */
  hidden?: boolean;
  /** Shown as a drawer (a phone): its close button. */
  onClose?(): void;
  /** A conversation's link was followed. */
  onOpen?(): void;
  /** Developer mode: each conversation's menu downloads its raw events (absent: no such entry). */
  onDownloadEvents?(conversation: Conversation): void;
  /** The server keeps the list: say how long it keeps conversations (the browser-kept history keeps them until deleted). */
  showRetention?: boolean;
}

type Dialog = { kind: 'rename' | 'delete'; conversation: Conversation } | { kind: 'archived' } | undefined;

/**
 * The conversation list beside the open conversation: heading, "New conversation", a search box
 * that filters by name as you type, and the conversations grouped by their last change (Today,
 * Yesterday, Previous 7 days, Older) under the pinned ones (latest pin first), the open one
 * marked. Archived conversations leave the list for "Archived chats" at its end (the search still
 * finds them, in a group of their own). Loading, empty, no-match and failure states; rename in a
 * dialog, delete after a confirmation, pin and archive from each conversation's menu.
 */
export function ConversationList({
  list,
  mutations,
  basePath,
  openId,
  onNew,
  onDeleted,
  now = () => new Date(),
  id,
  hidden,
  onClose,
  onOpen,
  onDownloadEvents,
  showRetention = false,
}: ConversationListProps) {
  const { t } = useTranslation(NAMESPACE);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>(undefined);
  // After a delete the focused row is gone: focus goes to the list heading once the dialog closed.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (dialog || !deleted) return;
    setDeleted(false);
    headingRef.current?.focus();
  }, [dialog, deleted]);

  // Ctrl+Shift+F (docs/chat-ui.md "Keyboard shortcuts"): the search box, the side panel opened first
  // on a wide screen (a phone's drawer opens with its button).
  const searchRef = useRef<HTMLInputElement>(null);
  useKeyboardShortcut('searchConversations', () => {
    const search = searchRef.current;
    if (!search) return false;
    if (search.closest('[hidden]')) useWorkspaceStore.getState().setSidebarOpen(true);
    requestAnimationFrame(() => {
      search.focus();
      search.select();
    });
  });

  const matches = useConversationMatches(list, query);
  const searching = query.trim() !== '';
  const { archived } = useMemo(() => organizeConversations(list.conversations), [list.conversations]);
  // Archived ones are listed only when the search finds them (in the last group).
  const groups = useMemo(() => {
    const found = organizeConversations(matches);
    return [
      ...(found.pinned.length > 0 ? [{ group: 'pinned' as const, conversations: found.pinned }] : []),
      ...groupByDate(found.others, now()),
      ...(searching && found.archived.length > 0 ? [{ group: 'archived' as const, conversations: found.archived }] : []),
    ];
  }, [matches, now, searching]);
  const organize = (conversation: Conversation, change: OrganizeChange) => mutations.organize(conversation, change);
  // A pinned or unpinned conversation moved to another group (a new row): the focus follows it to its
  // menu's button; an archived one left the list: the focus goes to the heading.
  const asideRef = useRef<HTMLElement>(null);
  const [refocus, setRefocus] = useState<string>();
  useEffect(() => {
    if (refocus === undefined) return;
    setRefocus(undefined);
    const row = asideRef.current?.querySelector(`[data-conversation="${CSS.escape(refocus)}"] .chat-conversation-item__menu-button`);
    (row instanceof HTMLElement ? row : headingRef.current)?.focus();
  }, [refocus, groups]);
  const organizeFromList = async (conversation: Conversation, change: OrganizeChange) => {
    if ((await organize(conversation, change)).ok) setRefocus(conversation.id);
  };

  let body;
  if (list.status === 'loading') {
    body = <Loading label={t('conversations.loading')} showLabel />;
  } else if (list.status === 'failed') {
    body = (
      <ErrorState
        headingLevel={3}
        title={t('conversations.loadFailed')}
        message={list.error}
        onRetry={list.reload}
        retryLabel={t('conversations.retry')}
        retrying={list.reloading}
      />
    );
  } else if (list.conversations.length === archived.length && !searching) {
    body = <EmptyState headingLevel={3} title={t('conversations.empty.title')} text={t('conversations.empty.text')} />;
  } else if (groups.length === 0) {
    body = <p className="chat-conversations__no-match">{t('conversations.search.noMatch', { query: query.trim() })}</p>;
  } else {
    body = groups.map(({ group, conversations }) => (
      <section key={group} className="chat-conversations__group" aria-labelledby={`chat-conversations-group-${group}`}>
        <h3 id={`chat-conversations-group-${group}`} className="chat-conversations__group-heading">
          {t(group === 'pinned' || group === 'archived' ? `organize.groups.${group}` : `conversations.groups.${group}`)}
        </h3>
        <ul className="chat-conversations__list">
          {conversations.map((conversation) => (
            <ConversationListItem
              key={conversation.id}
              conversation={conversation}
              basePath={basePath}
              group={group}
              open={conversation.id === openId}
              onRename={(target) => setDialog({ kind: 'rename', conversation: target })}
              onDelete={(target) => setDialog({ kind: 'delete', conversation: target })}
              onOrganize={(target, change) => void organizeFromList(target, change)}
              onOpen={onOpen}
              onDownloadEvents={onDownloadEvents}
            />
          ))}
        </ul>
      </section>
    ));
  }

  return (
    <aside ref={asideRef} id={id} hidden={hidden} className={onClose ? 'chat-conversations chat-conversations--drawer' : 'chat-conversations'} aria-labelledby="chat-conversations-heading">
      <div className="chat-conversations__header">
        <h2 id="chat-conversations-heading" className="chat-conversations__heading" ref={headingRef} tabIndex={-1}>
          {t('conversations.heading')}
        </h2>
        <Button size="sm" onClick={onNew} icon={<PlusIcon />}>
          {t('conversations.new')}
        </Button>
        {onClose && <IconButton variant="ghost" size="sm" icon={<CloseIcon />} aria-label={t('conversations.close')} onClick={onClose} />}
      </div>
      <div role="search" className="chat-conversations__search">
        <TextField
          type="search"
          label={t('conversations.search.label')}
          hideLabel
          placeholder={t('conversations.search.placeholder')}
          autoComplete="off"
          ref={searchRef}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <VisuallyHidden>
        <span role="status">{searching && list.status === 'ready' ? t('conversations.search.found', { count: matches.length }) : ''}</span>
      </VisuallyHidden>
      <div className="chat-conversations__body">
        {body}
        {list.history.kind === 'server' && <ProjectsSection chatPath={basePath} onOpen={onOpen} />}
        {archived.length > 0 && (
          <Button variant="ghost" size="sm" className="chat-conversations__archived" onClick={() => setDialog({ kind: 'archived' })}>
            {t('organize.archive.open', { count: archived.length })}
          </Button>
        )}
        <ImportConversations history={list.history} />
      </div>
      {showRetention && <RetentionNote />}
      {dialog?.kind === 'rename' && (
        <RenameConversationDialog
          conversation={dialog.conversation}
          onSubmit={(name) => mutations.rename(dialog.conversation, name)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'archived' && (
        <ArchivedConversationsDialog
          archived={archived}
          basePath={basePath}
          onOrganize={organize}
          onDelete={async (conversation) => {
            const result = await mutations.remove(conversation);
            if (result.ok || result.gone) onDeleted(conversation);
            return result;
          }}
          onOpen={() => {
            setDialog(undefined);
            onOpen?.();
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteConversationDialog
          conversation={dialog.conversation}
          onConfirm={async () => {
            const result = await mutations.remove(dialog.conversation);
            if (result.ok || result.gone) {
              setDeleted(true);
              onDeleted(dialog.conversation);
            }
            return result;
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
    </aside>
  );
}
