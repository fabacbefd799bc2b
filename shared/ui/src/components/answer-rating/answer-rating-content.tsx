import { RATING_COMMENT_MAX_LENGTH, RATING_REASONS, type RatingReason, type RatingValue } from '@assistant/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useUiTexts } from '../../core/ui-texts';
import { useAnnouncer } from '../../core/use-announcer';
import { createIcon } from '../../icons/icons';
import { cx } from '../../internal/cx';
import type { AnswerRatingDraft, AnswerRatingProps } from '../answer-rating';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { IconButton } from '../icon-button';
import { TextArea } from '../text-area';
import { ANSWER_RATING_TEXTS_DE, ANSWER_RATING_TEXTS_EN, type AnswerRatingTexts } from './answer-rating-texts';

// The shapes of lucide's thumbs (ISC); the hand is filled while its button is pressed (CSS).
const ThumbUpIcon = createIcon(
  'ThumbUpIcon',
  <>
    <path d="M7 10v12" />
    <path className="ui-answer-rating__hand" d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
  </>,
);
const ThumbDownIcon = createIcon(
  'ThumbDownIcon',
  <>
    <path d="M17 14V2" />
    <path className="ui-answer-rating__hand" d="M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z" />
  </>,
);

type Details = Omit<AnswerRatingDraft, 'rating'>;

/**
 * The two thumbs and the panel (props: ../answer-rating.tsx). A thumb saves at once and opens the
 * panel (focus on its first reason); the chosen thumb pressed again takes the rating back. The
 * panel sends the reasons, the comment and the sharing choice; Escape or Close shut it and the
 * focus goes back to the chosen thumb. A failed call says so and the saved state shows again.
 */
export default function AnswerRatingContent({ rating, onSave, onClear, className, ...props }: AnswerRatingProps) {
  const ui = useUiTexts();
  const texts: AnswerRatingTexts = { ...(ui.language === 'en' ? ANSWER_RATING_TEXTS_EN : ANSWER_RATING_TEXTS_DE), ...props.texts };
  const panelId = `ui-rating${useId().replace(/:/g, '')}`;
  const thumbs = { up: useRef<HTMLButtonElement>(null), down: useRef<HTMLButtonElement>(null) };
  const firstReason = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useState(false);
  const [focusPanel, setFocusPanel] = useState(false);
  const [details, setDetails] = useState<Details>({ reasons: [], comment: '', share_with_admins: false });
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, announce] = useAnnouncer();
  // The choice being saved shows at once; once settled, the saved rating speaks again.
  const [picked, setPicked] = useState<RatingValue | null>();
  const chosen = picked === undefined ? rating?.rating : (picked ?? undefined);

  useEffect(() => {
    if (!open || !focusPanel || !chosen) return;
    setFocusPanel(false);
    // The whole panel in view (it opens under an answer, often at the bottom of a scrolled list),
    // not only its first reason, which is where the focus goes.
    firstReason.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open, focusPanel, chosen]);
  // Taken back (here or elsewhere): nothing left to tell more about.
  useEffect(() => {
    if (!chosen) setOpen(false);
  }, [chosen]);

  const showPanel = (next: Details) => {
    setDetails(next);
    setOpen(true);
    setFocusPanel(true);
  };
  const closePanel = () => {
    setOpen(false);
    if (chosen) thumbs[chosen].current?.focus();
  };

  const choose = async (value: RatingValue) => {
    setFailure(null);
    if (chosen === value) {
      setOpen(false);
      setPicked(null);
      try {
        await onClear();
        announce(texts.removed);
      } catch {
        setFailure(texts.removeFailed);
      } finally {
        setPicked(undefined);
      }
      return;
    }
    // The other thumb keeps the comment and the sharing choice; reasons belong to one thumb.
    const draft: AnswerRatingDraft = { rating: value, reasons: [], comment: rating?.comment ?? '', share_with_admins: rating?.share_with_admins ?? false };
    setPicked(value);
    showPanel(draft);
    try {
      await onSave(draft);
      announce(value === 'up' ? texts.savedUp : texts.savedDown);
    } catch {
      setOpen(false);
      setFailure(texts.saveFailed);
    } finally {
      setPicked(undefined);
    }
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await onSave({ rating: chosen, ...details });
      closePanel();
      announce(texts.thanks);
    } catch {
      setFailure(texts.saveFailed);
    } finally {
      setSending(false);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Handled here: the page around (a chat that stops its answer on Escape) does not see it.
    event.preventDefault();
    event.stopPropagation();
    closePanel();
  };

  const toggleReason = (reason: RatingReason) =>
    setDetails((before) => ({
      ...before,
      reasons: before.reasons.includes(reason) ? before.reasons.filter((entry) => entry !== reason) : [...before.reasons, reason],
    }));

  const thumb = (value: RatingValue) => (
    <IconButton
      ref={thumbs[value]}
      size="sm"
      className="ui-answer-rating__thumb"
      aria-label={value === 'up' ? texts.up : texts.down}
      aria-pressed={chosen === value}
      icon={value === 'up' ? <ThumbUpIcon /> : <ThumbDownIcon />}
      onClick={() => void choose(value)}
    />
  );

  return (
    <div className={cx('ui-answer-rating', className)}>
      <div className="ui-answer-rating__bar" role="group" aria-label={texts.group}>
        {thumb('up')}
        {thumb('down')}
        {rating && (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => (open ? closePanel() : showPanel({ reasons: [...rating.reasons], comment: rating.comment ?? '', share_with_admins: rating.share_with_admins }))}
          >
            {texts.more}
          </Button>
        )}
      </div>
      {failure && (
        <p className="ui-answer-rating__failure" role="alert">
          {failure}
        </p>
      )}
      {open && chosen && (
        <div id={panelId} className="ui-answer-rating__panel" role="group" aria-label={texts.panel} onKeyDown={onPanelKeyDown}>
          <form ref={panel} onSubmit={(event) => void send(event)} noValidate>
            <fieldset className="ui-answer-rating__reasons">
              <legend>{chosen === 'up' ? texts.reasonsUp : texts.reasonsDown}</legend>
              {RATING_REASONS[chosen].map((reason, index) => (
                <button
                  key={reason}
                  ref={index === 0 ? firstReason : undefined}
                  type="button"
                  className="ui-answer-rating__reason"
                  aria-pressed={details.reasons.includes(reason)}
                  onClick={() => toggleReason(reason)}
                >
                  {texts.reasons[reason]}
                </button>
              ))}
            </fieldset>
            <TextArea
              label={texts.comment}
              rows={2}
              maxLength={RATING_COMMENT_MAX_LENGTH}
              showCount
              value={details.comment}
              onChange={(event) => setDetails((before) => ({ ...before, comment: event.target.value }))}
            />
            <Checkbox
              label={texts.share}
              description={texts.shareHint}
              checked={details.share_with_admins}
              onChange={(event) => setDetails((before) => ({ ...before, share_with_admins: event.target.checked }))}
            />
            <div className="ui-answer-rating__actions">
              <Button type="submit" size="sm" loading={sending}>
                {texts.send}
              </Button>
              <Button variant="ghost" size="sm" onClick={closePanel}>
                {ui.close}
              </Button>
            </div>
          </form>
        </div>
      )}
      <span className="ui-visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
