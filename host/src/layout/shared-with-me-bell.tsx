import { skipToken, useQuery } from '@assistant/platform';
import { BellIcon } from '@assistant/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { useSharedEndpoints, type SharedEndpoints } from '../federation/use-shared-endpoints';
import { sharedItemKey } from './shared-item-key';
import type { SharedWithMePopupProps } from './shared-with-me-popup';
import './shared-with-me.css';

// The list is a chunk of its own, asked for once the shell has started (like the user menu).
let loaded: typeof import('./shared-with-me-popup') | undefined;
let loading: Promise<typeof import('./shared-with-me-popup')> | undefined;
const loadPopup = () => (loading ??= import(/* webpackChunkName: "shared-with-me" */ './shared-with-me-popup').then((module) => (loaded = module)));
const LazyPopup = lazy(() => loadPopup().then((module) => ({ default: module.SharedWithMePopup })));

function Popup(props: SharedWithMePopupProps) {
  if (loaded) return <loaded.SharedWithMePopup {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPopup {...props} />
    </Suspense>
  );
}

type SharedWithMeQuery = ReturnType<SharedEndpoints['sharedWithMeQuery']>;
// Until the shared definitions are loaded there is nothing to ask (typed as the query it stands in for).
const LOADING_ENDPOINTS = { queryKey: ['shared-endpoints', 'loading'], queryFn: skipToken } as unknown as SharedWithMeQuery;

/** More than this shows as "9+". */
const MOST_SHOWN = 9;

/**
 * The header's "shared with you": a bell with the number of items shared since the user last
 * looked (GET /api/shared-with-me every minute and when the window gets focus, through its one
 * definition in `@assistant/endpoints`, loaded after the first paint). It opens the list.
 */
export function SharedWithMeBell() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const endpoints = useSharedEndpoints();
  const answer = useQuery(endpoints?.sharedWithMeQuery() ?? LOADING_ENDPOINTS);
  // The items new at the moment the list opened (null: closed): they stay marked while it is open.
  const [openedWith, setOpenedWith] = useState<ReadonlySet<string> | null>(null);
  const open = openedWith !== null;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const unseen = answer.data?.unseen ?? 0;

  useEffect(() => {
    void loadPopup();
  }, []);

  return (
    <div className="shared-with-me">
      <button
        ref={buttonRef}
        type="button"
        className="shared-with-me__button"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        aria-label={unseen > 0 ? t('SHARED_WITH_ME.openNew', { count: unseen }) : t('SHARED_WITH_ME.open')}
        onClick={() => setOpenedWith(open ? null : new Set(answer.data?.items.filter((item) => item.unseen).map(sharedItemKey)))}
      >
        <BellIcon size="1.5rem" />
        {unseen > 0 && (
          <span className="shared-with-me__count" aria-hidden="true">
            {unseen > MOST_SHOWN ? `${MOST_SHOWN}+` : unseen}
          </span>
        )}
      </button>
      {open && (
        <Popup
          id={popupId}
          buttonRef={buttonRef}
          newKeys={openedWith}
          onClose={(returnFocus) => {
            setOpenedWith(null);
            if (returnFocus) buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
