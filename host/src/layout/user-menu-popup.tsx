import { currentLanguage, useConfigStore, useFlag, useWorkspaceStore } from '@assistant/platform';
import { Link } from '@assistant/routing';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { useShell } from '../app/shell-context';
import { markSignedOut } from '../auth/signed-out';
import { DeveloperModeSwitch } from '../developer/developer-mode-switch';
import { useGetStartedStore } from '../get-started/get-started-store';
import { THEME_CHOICES } from '../theme/theme-choice';
import { addLegalTexts } from './legal-texts';

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

interface MenuControl {
  /** Closes the menu and gives focus back to its button, then runs `action` (which may open a dialog that returns focus there). */
  select(action?: () => void): void;
}

const MenuContext = createContext<MenuControl | null>(null);

function useMenu(): MenuControl {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error('A user-menu item outside the user menu');
  return menu;
}

/** Space activates an item as Enter does (a link only knows Enter). */
function clickOnSpace(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

/** An action: a button in the menu. */
export function UserMenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  const menu = useMenu();
  return (
    <button type="button" role="menuitem" tabIndex={-1} className="user-menu__item" onClick={() => menu.select(onSelect)}>
      {children}
    </button>
  );
}

/** A page of the portal (`to`) or, with `external`, another site opened in a new tab. */
export function UserMenuLink({ to, external = false, children }: { to: string; external?: boolean; children: ReactNode }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const menu = useMenu();
  const common = { role: 'menuitem', tabIndex: -1, className: 'user-menu__item', onKeyDown: clickOnSpace, onClick: () => menu.select() };
  if (external) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...common}>
        {children}
        <span className="ui-visually-hidden"> ({t('USER_MENU.newTab')})</span>
      </a>
    );
  }
  return (
    <Link to={to} {...common}>
      {children}
    </Link>
  );
}

/** An on/off setting (a switch in the menu): `menuitemcheckbox`, its state read out as checked. */
export function UserMenuCheckbox({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  const menu = useMenu();
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={checked}
      tabIndex={-1}
      className="user-menu__item user-menu__item--check"
      onClick={() => menu.select(() => onChange(!checked))}
    >
      <span className="user-menu__mark" aria-hidden="true" data-on={checked || undefined} />
      {children}
    </button>
  );
}

export function UserMenuSeparator() {
  return <div role="separator" className="user-menu__separator" />;
}

interface RadioOption<T extends string> {
  value: T;
  label: string;
  lang?: string;
}

/** A choice of one (language, theme) as radio items under a label, the chosen one checked. */
function UserMenuRadioGroup<T extends string>({ label, options, value, onChange }: { label: string; options: readonly RadioOption<T>[]; value: T; onChange: (value: T) => void }) {
  const menu = useMenu();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="user-menu__group">
      <div id={labelId} className="user-menu__group-label" role="presentation">
        {label}
      </div>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="menuitemradio"
          aria-checked={value === option.value}
          lang={option.lang}
          tabIndex={-1}
          className="user-menu__item user-menu__item--check"
          onClick={() => menu.select(() => onChange(option.value))}
        >
          <span className="user-menu__mark user-menu__mark--radio" aria-hidden="true" data-on={value === option.value || undefined} />
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** The interface language as two radio items (the way ChatGPT and Copilot keep it beside the account). */
function LanguageGroup() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const setLocale = useWorkspaceStore((state) => state.setLocale);
  const options = (['de', 'en'] as const).map((locale) => ({ value: locale, lang: locale, label: t(locale === 'de' ? 'HEADER.german' : 'HEADER.english') }));
  return <UserMenuRadioGroup label={t('HEADER.language')} options={options} value={currentLanguage()} onChange={setLocale} />;
}

/** The colour theme: as the system, light or dark; remembered for the signed-in user (src/theme). */
function ThemeGroup() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const theme = useWorkspaceStore((state) => state.theme);
  const setTheme = useWorkspaceStore((state) => state.setTheme);
  const options = THEME_CHOICES.map((choice) => ({ value: choice, label: t(`THEME.${choice}`) }));
  return <UserMenuRadioGroup label={t('THEME.label')} options={options} value={theme} onChange={setTheme} />;
}

export interface UserMenuPopupProps {
  id: string;
  /** The item that takes the focus when the menu opens (Arrow Up on the button: the last). */
  initialItem: 'first' | 'last';
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** Closes the menu; `returnFocus` gives the focus back to the button (Escape, a chosen item). */
  onClose(returnFocus: boolean): void;
  name: string;
  email: string;
}

/**
 * The open user menu (a chunk of its own, loaded after start-up: the shell carries only the
 * button). The arrows, Home and End move between items (wrapping), a letter moves to the next
 * item starting with it, Escape closes it and focus goes back to the button, Tab or a click
 * elsewhere closes it. A further entry is one line: a UserMenuItem, UserMenuLink or
 * UserMenuCheckbox among the others.
 */
export function UserMenuPopup({ id, initialItem, buttonRef, onClose, name, email }: UserMenuPopupProps) {
  useState(addLegalTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const { auth } = useShell();
  const customization = useConfigStore((state) => state.config.customization);
  // Memory (docs/memory.md) beside "Usage and data", as ChatGPT keeps it in its settings; off for the company: not there.
  const memoryOn = useFlag('enableMemory');
  const showGetStarted = useGetStartedStore((state) => state.show);
  const menuRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  useEffect(() => {
    const all = items();
    (initialItem === 'last' ? all[all.length - 1] : all[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      onCloseRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus moves in once per opening
  }, []);

  const control: MenuControl = {
    select(action) {
      onClose(true);
      action?.();
    },
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      all[(next + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onClose(true);
        return;
      case 'Tab':
        onClose(false);
        return;
      default: {
        // Typing a letter moves to the next item that starts with it.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLocaleLowerCase();
        const after = [...all.slice(index + 1), ...all.slice(0, index + 1)];
        after.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter))?.focus();
      }
    }
  };

  return (
    <MenuContext.Provider value={control}>
      <div ref={menuRef} id={id} role="menu" aria-label={t('USER_MENU.label')} className="user-menu__menu" onKeyDown={onKeyDown}>
        {name && (
          <div className="user-menu__who" role="presentation">
            <span>{t('HEADER.user', { name })}</span>
            {email && <span className="user-menu__email">{email}</span>}
          </div>
        )}
        <LanguageGroup />
        <ThemeGroup />
        <UserMenuSeparator />
        <UserMenuLink to="/usage">{t('USER_MENU.usage')}</UserMenuLink>
        {memoryOn && <UserMenuLink to="/memory">{t('USER_MENU.memory')}</UserMenuLink>}
        {customization.get_started_enabled && <UserMenuItem onSelect={showGetStarted}>{t('USER_MENU.getStarted')}</UserMenuItem>}
        <UserMenuLink to="/privacy-policy">{t('USER_MENU.privacyPolicy')}</UserMenuLink>
        <UserMenuLink to="/developer/api">{t('USER_MENU.developerApi')}</UserMenuLink>
        {customization.help_center_link && (
          <UserMenuLink to={customization.help_center_link} external>
            {t('USER_MENU.helpCenter')}
          </UserMenuLink>
        )}
        {customization.documentation_link && (
          <UserMenuLink to={customization.documentation_link} external>
            {t('USER_MENU.documentation')}
          </UserMenuLink>
        )}
        <DeveloperModeSwitch item={UserMenuCheckbox} />
        <UserMenuSeparator />
        <UserMenuItem
          onSelect={() => {
            markSignedOut();
            void auth.signOut();
          }}
        >
          {t('HEADER.signOut')}
        </UserMenuItem>
      </div>
    </MenuContext.Provider>
  );
}
