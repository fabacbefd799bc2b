import { sharedWithMeQuery } from '@assistant/endpoints';
import { useQuery } from '@assistant/platform';
import { BellIcon } from '@assistant/ui';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { sharedItemKey } from './shared-item-key';
import { SharedWithMePopup } from './shared-with-me-popup';
import { addSharedWithMeTexts } from './shared-with-me-texts';
import './shared-with-me.css';

addSharedWithMeTexts();

/** More than this shows as "9+". */
const MOST_SHOWN = 9;

/**
 * The header's "shared with you": a bell with the number of items shared since the user last
 * looked (GET /api/shared-with-me every minute and when the window gets focus, through its one
 * definition in `@assistant/endpoints`). It opens the list. The header loads it after the first
 * paint, with the shared endpoints: the shell's start-up carries neither.
 */
export function SharedWithMeBell() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const answer = useQuery(sharedWithMeQuery());
  // The items new at the moment the list opened (null: closed): they stay marked while it is open.
  const [openedWith, setOpenedWith] = useState<ReadonlySet<string> | null>(null);
  const open = openedWith !== null;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const unseen = answer.data?.unseen ?? 0;

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
        <SharedWithMePopup
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
