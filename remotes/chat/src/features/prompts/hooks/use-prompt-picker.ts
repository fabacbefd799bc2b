import { promptPlaceholders, promptVariables, type Prompt } from '@assistant/contracts';
import { useLocale } from '@assistant/platform';
import { useLocation, useNavigate } from '@assistant/routing';
import { useAnnouncer } from '@assistant/ui';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { usePromptsQuery } from '../api/get-prompts';
import { nextPlaceholder } from '../model/next-placeholder';
import { filterPrompts, slashQuery } from '../model/picker-query';
import { promptHandoffOf, type PromptHandoff } from '../model/prompt-handoff';

/** Most prompts the picker lists at once; typing narrows the rest down. */
const SHOWN_MAX = 20;

export type PromptPickerList = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; matches: readonly Prompt[]; query: string; total: number };

/** What the composer's message box gets from the picker (spread on the field, besides its own). */
export interface PromptPickerField {
  'aria-autocomplete': 'list';
  'aria-controls': string | undefined;
  'aria-activedescendant': string | undefined;
  onFocus(): void;
  onBlur(event: FocusEvent<HTMLTextAreaElement>): void;
}

export interface PromptPicker {
  open: boolean;
  listboxId: string;
  list: PromptPickerList;
  activeIndex: number;
  optionId(index: number): string;
  /** A click (or Enter) on an option. */
  pick(prompt: Prompt): void;
  /** Where the popup is drawn, so that focus moving into it keeps it open. */
  popupRef: RefObject<HTMLDivElement | null>;
  field: PromptPickerField;
  /** The field's keydown: true when the picker took the key (the composer then does nothing else). */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** Said politely: how many match, a prompt inserted. */
  announcement: string;
  /** The placeholders still in the text, while there are any (the composer shows how to fill them). */
  variables: readonly string[];
}

/**
 * The composer's prompt picker (docs/prompts.md): typing "/" at the start of the message box
 * opens a list of the user's and shared prompts that narrows as they type; arrows move, Enter
 * inserts, Escape closes it (and leaves the text). The field stays where the focus is (a textarea
 * may not take the combobox role), with `aria-activedescendant` naming the active option.
 *
 * Inserting replaces the message box's text with the prompt's and selects its first {{variable}},
 * so typing replaces it; Tab then selects the next one (from the last, Tab leaves the box). A
 * prompt handed over by the prompt page ("Use") is inserted the same way when the composer opens.
 */
export function usePromptPicker(text: string, setText: (text: string) => void, fieldRef: RefObject<HTMLTextAreaElement | null>): PromptPicker {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const listboxId = useId();
  const popupRef = useRef<HTMLDivElement>(null);
  const [announcement, announce] = useAnnouncer();
  const query = slashQuery(text);
  const [focused, setFocused] = useState(false);
  // Escape closes the list until the text no longer starts with "/" (a message may start with it).
  const [dismissed, setDismissed] = useState(false);
  if (dismissed && query === null) setDismissed(false);
  const wanted = query !== null && !dismissed;
  const open = wanted && focused;
  const prompts = usePromptsQuery(wanted);

  const matches = useMemo(() => (query !== null && prompts.data ? filterPrompts(prompts.data, query, language) : []), [prompts.data, query, language]);
  const shown = matches.slice(0, SHOWN_MAX);
  const list: PromptPickerList = prompts.data
    ? { status: 'ready', matches: shown, query: query ?? '', total: matches.length }
    : prompts.isError
      ? { status: 'failed' }
      : { status: 'loading' };

  // The first option is active again whenever the search changes.
  const [active, setActive] = useState({ query, index: 0 });
  const activeIndex = active.query === query ? Math.min(active.index, Math.max(shown.length - 1, 0)) : 0;
  const move = (by: number) => setActive({ query, index: (activeIndex + by + shown.length) % shown.length });
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);

  // How many match, once the list is there and whenever the count changes while it is open.
  const count = open && list.status === 'ready' ? list.total : undefined;
  useEffect(() => {
    if (count === undefined) return;
    announce(count === 0 ? t('prompts.picker.none') : t('prompts.picker.count', { count }));
  }, [count, announce, t]);

  // The selection to make once the inserted text is in the field (after React rendered it).
  const selection = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!selection.current || !field || field.value !== text) return;
    field.focus();
    field.setSelectionRange(...selection.current);
    selection.current = null;
  }, [text, fieldRef]);

  const insert = useCallback(
    (prompt: PromptHandoff) => {
      const [first] = promptPlaceholders(prompt.text);
      selection.current = first ? [first.start, first.end] : [prompt.text.length, prompt.text.length];
      setText(prompt.text);
      const variables = promptVariables(prompt.text);
      announce(
        variables.length > 0
          ? t('prompts.picker.insertedWithVariables', { title: prompt.title, name: variables[0] })
          : t('prompts.picker.inserted', { title: prompt.title }),
      );
    },
    [setText, announce, t],
  );

  // "Use" on the prompt page: inserted once, then taken out of the history entry (a reload does not insert it again).
  const location = useLocation();
  const navigate = useNavigate();
  const handed = promptHandoffOf(location.state);
  useEffect(() => {
    if (!handed) return;
    insert(handed);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [handed?.title, handed?.text]); // eslint-disable-line react-hooks/exhaustive-deps -- once per hand-over

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (open) {
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && shown.length > 0) {
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        return true;
      }
      if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && shown[activeIndex]) {
        event.preventDefault();
        insert(shown[activeIndex]);
        return true;
      }
      if (event.key === 'Escape') {
        // Handled here: the conversation's Escape (stop the answer) skips a prevented event.
        event.preventDefault();
        setDismissed(true);
        return true;
      }
    }
    if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const field = event.currentTarget;
      const next = nextPlaceholder(field.value, field.selectionEnd);
      if (next) {
        event.preventDefault();
        field.setSelectionRange(next.start, next.end);
        return true;
      }
    }
    return false;
  };

  const variables = useMemo(() => (query === null ? promptVariables(text) : []), [query, text]);

  return {
    open,
    listboxId,
    list,
    activeIndex,
    optionId,
    pick: insert,
    popupRef,
    onKeyDown,
    announcement,
    variables,
    field: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listboxId : undefined,
      'aria-activedescendant': open && list.status === 'ready' && shown.length > 0 ? optionId(activeIndex) : undefined,
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        // Focus moving into the popup (its "manage prompts" link) keeps it open.
        if (!popupRef.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
