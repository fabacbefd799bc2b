import type { ShareItemKind } from '@assistant/contracts';
import { sharedWithMeQuery, useMarkSharedWithMeSeen } from '@assistant/endpoints';
import { formatShortDate, useQuery } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { Badge, Button, Loading } from '@assistant/ui';
import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { sharedItemKey } from './shared-item-key';

/** Where a shared item opens, by kind: the pages of the remotes that show it (scripts/portal-layout.mjs). */
const PAGES: Record<ShareItemKind, (id: string) => string> = {
  conversation: (id) => `/chat/shared/${id}`,
  agent: (id) => `/agents/${id}`,
  custom_app: (id) => `/usecases/${id}`,
  collection: (id) => `/collections/${id}`,
  // Prompts have no page each: the chat's prompt library lists the shared ones with the own.
  prompt: () => '/chat/prompts',
  project: (id) => `/chat/projects/${id}`,
};

const sharedItemPath = (kind: ShareItemKind, id: string): string => PAGES[kind](encodeURIComponent(id));

export interface SharedWithMePopupProps {
  id: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The items that were new when the list was opened (they stay marked while it is open). */
  newKeys: ReadonlySet<string>;
  /** Closes the list; `returnFocus` gives the focus back to the bell (Escape). */
  onClose(returnFocus: boolean): void;
}

/**
 * What was shared with the user, newest first: each item with what it is, who shared it (and
 * through which group), when, and a link to it. Opening the list counts everything as seen.
 * A non-modal popup: Escape or a click outside closes it, Tab leaves it.
 */
export function SharedWithMePopup({ id, buttonRef, newKeys, onClose }: SharedWithMePopupProps) {
  const { t, i18n } = useTranslation(SHELL_NAMESPACE);
  const answer = useQuery(sharedWithMeQuery());
  const markSeen = useMarkSharedWithMeSeen();
  const popupRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const unseen = answer.data?.unseen ?? 0;
  const { mutate: markAllSeen } = markSeen;

  useEffect(() => {
    popupRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || popupRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      onCloseRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus moves in once per opening
  }, []);

  // Seen once shown: the badge drops to zero (also when the answer arrives after opening).
  useEffect(() => {
    if (unseen > 0) markAllSeen();
  }, [unseen, markAllSeen]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose(true);
  };

  let content;
  if (answer.isPending) {
    content = <Loading label={t('SHARED_WITH_ME.loading')} />;
  } else if (answer.isError) {
    content = (
      <div className="shared-with-me__state">
        <p>{t('SHARED_WITH_ME.failed')}</p>
        <Button size="sm" variant="secondary" onClick={() => void answer.refetch()}>
          {t('SHARED_WITH_ME.retry')}
        </Button>
      </div>
    );
  } else if (answer.data.items.length === 0) {
    content = <p className="shared-with-me__state">{t('SHARED_WITH_ME.empty')}</p>;
  } else {
    const language = i18n.language === 'en' ? 'en' : 'de';
    content = (
      <ul className="shared-with-me__list" aria-labelledby={titleId}>
        {answer.data.items.map((item) => {
          const path = sharedItemPath(item.kind, item.id);
          const by =
            item.via.type === 'group'
              ? t('SHARED_WITH_ME.byGroup', { name: item.shared_by.name, group: item.via.name })
              : t(item.via.type === 'company' ? 'SHARED_WITH_ME.byCompany' : 'SHARED_WITH_ME.byUser', { name: item.shared_by.name });
          return (
            <li key={sharedItemKey(item)} className="shared-with-me__item">
              <Link to={path} className="shared-with-me__link" onClick={() => onClose(false)}>
                <span className="shared-with-me__name">
                  {item.name}
                  {newKeys.has(sharedItemKey(item)) && (
                    <Badge variant="primary" className="shared-with-me__new">
                      {t('SHARED_WITH_ME.new')}
                    </Badge>
                  )}
                </span>
                <span className="shared-with-me__meta">
                  {t(`SHARED_WITH_ME.kind.${item.kind}`)} · {by} · <time dateTime={item.shared_at}>{formatShortDate(item.shared_at, { language })}</time>
                  {item.role === 'edit' && ` · ${t('SHARED_WITH_ME.canEdit')}`}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section ref={popupRef} id={id} tabIndex={-1} className="shared-with-me__popup" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <h2 id={titleId} className="shared-with-me__title">
        {t('SHARED_WITH_ME.title')}
      </h2>
      {content}
    </section>
  );
}
