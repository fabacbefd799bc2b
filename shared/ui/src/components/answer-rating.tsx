/**
 * Thumbs up / thumbs down under an answer (chat, questions over documents, agents, apps), with an
 * optional panel of reasons, a comment and "share with the administrators" (docs/ui.md
 * "AnswerRating"). It only draws: the data comes from `useAnswerRating` in `@assistant/endpoints`
 * (the ui may not import it), so a screen writes:
 *
 * ```tsx
 * <AnswerRating {...useAnswerRating({ target_kind: 'qa_answer', target_id: traceId, feature: 'qa' }, () => ({ question, answer }))} />
 * ```
 *
 * Only this wrapper is in the ui's shared chunk: the buttons, the panel and their words load with
 * the first answer shown (the shell's start-up shows none), in a frame of the buttons' height.
 */
import type { RatingReason, RatingValue } from '@assistant/contracts';
import { lazy, Suspense } from 'react';
import { cx } from '../internal/cx';
import type { AnswerRatingTexts } from './answer-rating/answer-rating-texts';

/** The user's rating as saved. */
export interface AnswerRatingValue {
  rating: RatingValue;
  reasons: readonly RatingReason[];
  comment: string | null;
  share_with_admins: boolean;
}

/** What a choice saves: the thumb, its reasons, the comment, and whether the administrators may read the texts. */
export interface AnswerRatingDraft {
  rating: RatingValue;
  reasons: RatingReason[];
  comment: string;
  share_with_admins: boolean;
}

/** The data props, as `useAnswerRating` of `@assistant/endpoints` gives them. */
export interface AnswerRatingData {
  /** undefined while it is read, null without a rating. */
  rating: AnswerRatingValue | null | undefined;
  /** Saves the rating (a rejection is shown as a failure and the choice goes back). */
  onSave(draft: AnswerRatingDraft): Promise<void>;
  /** Takes the rating back. */
  onClear(): Promise<void>;
}

export interface AnswerRatingProps extends AnswerRatingData {
  /** Overrides of single words; the language follows the UiTextsProvider. */
  texts?: Partial<AnswerRatingTexts>;
  className?: string;
}

const AnswerRatingContent = lazy(() => import(/* webpackChunkName: "answer-rating" */ './answer-rating/answer-rating-content'));

export function AnswerRating(props: AnswerRatingProps) {
  return (
    <Suspense fallback={<div className={cx('ui-answer-rating', props.className)} aria-hidden="true" />}>
      <AnswerRatingContent {...props} />
    </Suspense>
  );
}
