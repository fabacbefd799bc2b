import { useAuth } from '@assistant/platform';
import { ChevronDownIcon } from '@assistant/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import type { UserMenuPopupProps } from './user-menu-popup';
import './user-menu.css';

// The open menu is a chunk of its own, asked for once the shell has started (so that it is there
// by the time someone opens the menu); until it is, opening shows it as soon as it arrives.
let loaded: typeof import('./user-menu-popup') | undefined;
let loading: Promise<typeof import('./user-menu-popup')> | undefined;
const loadPopup = () => (loading ??= import(/* webpackChunkName: "user-menu" */ './user-menu-popup').then((module) => (loaded = module)));
const LazyPopup = lazy(() => loadPopup().then((module) => ({ default: module.UserMenuPopup })));

function Popup(props: UserMenuPopupProps) {
  if (loaded) return <loaded.UserMenuPopup {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPopup {...props} />
    </Suspense>
  );
}

function initialsOf(name: string): string {
  const parts = name.replace(/@.*/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1);
  return letters.map((part) => part[0]!.toLocaleUpperCase()).join('') || '?';
}

/**
 * The signed-in user's menu in the header (WAI-ARIA menu button): the avatar and name open it;
 * Enter, Space and Arrow Down open it on its first item, Arrow Up on its last. It holds the
 * interface language, the guided start, the privacy policy, the help links of the configuration
 * and sign-out (the items and their keyboard: user-menu-popup.tsx).
 */
export function UserMenu() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [initialItem, setInitialItem] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const name = user?.profile.name ?? user?.profile.preferred_username ?? user?.profile.email ?? '';
  const email = user?.profile.email && user.profile.email !== name ? user.profile.email : '';

  useEffect(() => {
    void loadPopup();
  }, []);

  const openAt = (item: 'first' | 'last') => {
    setInitialItem(item);
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={name ? t('USER_MENU.openNamed', { name }) : t('USER_MENU.open')}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {/* The initials as generated content: a picture of the name, not text a label check would read. */}
        <span className="user-menu__avatar" aria-hidden="true" data-initials={initialsOf(name)} />
        {name && <span className="user-menu__name">{name}</span>}
        <ChevronDownIcon className="user-menu__chevron" />
      </button>
      {open && (
        <Popup
          id={menuId}
          initialItem={initialItem}
          buttonRef={buttonRef}
          name={name}
          email={email}
          onClose={(returnFocus) => {
            setOpen(false);
            if (returnFocus) buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
