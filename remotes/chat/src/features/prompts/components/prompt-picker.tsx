import { Link, useLocation, useParams } from '@assistant/routing';
import { Badge, VisuallyHidden } from '@assistant/ui';
import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { PromptPicker as PromptPickerState } from '../hooks/use-prompt-picker';
import './prompts.css';

/** The first line of a prompt's text, for the option under its title. */
const excerpt = (text: string) => text.replace(/\s+/g, ' ').slice(0, 120);

/**
 * The composer's "/" list (docs/prompts.md): a listbox above the message box, its options the
 * matching prompts (title, the text's beginning, who shared it). The keyboard stays in the message
 * box (use-prompt-picker); a click picks too. Its polite status is always there, so what it says
 * is read even when the list has just opened.
 */
export function PromptPicker({ picker }: { picker: PromptPickerState }) {
  const { t } = useTranslation(NAMESPACE);
  const managePath = usePromptsPagePath();
  const { open, list, listboxId, activeIndex, optionId, pick, popupRef } = picker;

  // The active option stays in view while the arrows move through a long list.
  useEffect(() => {
    if (open) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, optionId]);

  // A click must not take the focus from the message box (the keyboard keeps working there).
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {picker.announcement}
      </VisuallyHidden>
      {open && (
        <div ref={popupRef} className="prompt-picker">
          <p className="prompt-picker__head" id={`${listboxId}-label`}>
            {t('prompts.picker.label')}
          </p>
          {list.status === 'loading' && <p className="prompt-picker__state">{t('prompts.picker.loading')}</p>}
          {list.status === 'failed' && <p className="prompt-picker__state">{t('prompts.picker.failed')}</p>}
          {list.status === 'ready' && list.matches.length === 0 && (
            <p className="prompt-picker__state">{list.query.trim() ? t('prompts.picker.noMatch', { query: list.query.trim() }) : t('prompts.picker.empty')}</p>
          )}
          <ul role="listbox" id={listboxId} aria-labelledby={`${listboxId}-label`} className="prompt-picker__list" hidden={list.status !== 'ready' || list.matches.length === 0}>
            {list.status === 'ready' &&
              list.matches.map((prompt, index) => (
                <li
                  key={prompt.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className="prompt-picker__option"
                  onMouseDown={keepFocus}
                  onClick={() => pick(prompt)}
                >
                  <span className="prompt-picker__title">{prompt.title}</span>
                  {prompt.sharing.access !== 'owner' && prompt.sharing.shared_by && (
                    <Badge variant="info" className="prompt-picker__badge">
                      {t('prompts.sharedBy', { name: prompt.sharing.shared_by.name })}
                    </Badge>
                  )}
                  <span className="prompt-picker__excerpt">{excerpt(prompt.text)}</span>
                </li>
              ))}
          </ul>
          <p className="prompt-picker__foot">
            <span>{t('prompts.picker.keys')}</span>
            <Link to={managePath} className="prompt-picker__manage">
              {t('prompts.picker.manage')}
            </Link>
          </p>
        </div>
      )}
    </>
  );
}

/** The prompt page beside the chat's base path (/chat or /chat/{id} → /chat/prompts). */
function usePromptsPagePath(): string {
  const { pathname } = useLocation();
  const { conversationId } = useParams();
  const trimmed = pathname.replace(/\/+$/, '');
  return `${conversationId ? trimmed.slice(0, trimmed.lastIndexOf('/')) : trimmed}/prompts`;
}
