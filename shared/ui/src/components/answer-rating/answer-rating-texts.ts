import type { RatingReason } from '@assistant/contracts';

/**
 * The answer rating's words, in its own chunk. German is the default like the rest of the ui; the
 * rating takes the language of the UiTextsProvider and a `texts` prop overrides single words.
 */
export interface AnswerRatingTexts {
  /** The name of the two buttons' group. */
  group: string;
  up: string;
  down: string;
  /** Announced after a save or a take-back. */
  savedUp: string;
  savedDown: string;
  removed: string;
  thanks: string;
  saveFailed: string;
  removeFailed: string;
  /** The button that opens the panel again once rated. */
  more: string;
  /** The panel's name, and the question over its reasons by rating. */
  panel: string;
  reasonsUp: string;
  reasonsDown: string;
  reasons: Record<RatingReason, string>;
  comment: string;
  share: string;
  shareHint: string;
  send: string;
}

// The reasons read as the administrators' ratings tab names them (host governance/ratings), so both speak of the same thing.
export const ANSWER_RATING_TEXTS_DE: AnswerRatingTexts = {
  group: 'Antwort bewerten',
  up: 'Gute Antwort',
  down: 'Schlechte Antwort',
  savedUp: 'Als gute Antwort bewertet.',
  savedDown: 'Als schlechte Antwort bewertet.',
  removed: 'Bewertung zurückgenommen.',
  thanks: 'Danke für Ihre Rückmeldung.',
  saveFailed: 'Die Bewertung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  removeFailed: 'Die Bewertung konnte nicht zurückgenommen werden. Bitte versuchen Sie es erneut.',
  more: 'Mehr dazu sagen',
  panel: 'Ihre Rückmeldung',
  reasonsUp: 'Was war gut? (optional)',
  reasonsDown: 'Was war nicht gut? (optional)',
  reasons: {
    correct: 'Richtig',
    helpful: 'Hilfreich',
    good_sources: 'Gute Quellen',
    well_written: 'Gut geschrieben',
    wrong: 'Falsch',
    incomplete: 'Unvollständig',
    bad_sources: 'Schlechte Quellen',
    not_helpful: 'Nicht hilfreich',
    too_long: 'Zu lang',
    other: 'Anderes',
  },
  comment: 'Kommentar (optional)',
  share: 'Diese Unterhaltung mit den Administratoren teilen',
  shareHint: 'Dann können die Administratoren Ihre Frage und diese Antwort lesen. Sonst sehen sie nur die Bewertung, die Gründe und Ihren Kommentar.',
  send: 'Rückmeldung senden',
};

export const ANSWER_RATING_TEXTS_EN: AnswerRatingTexts = {
  group: 'Rate the answer',
  up: 'Good answer',
  down: 'Bad answer',
  savedUp: 'Rated as a good answer.',
  savedDown: 'Rated as a bad answer.',
  removed: 'Rating taken back.',
  thanks: 'Thank you for your feedback.',
  saveFailed: 'The rating could not be saved. Please try again.',
  removeFailed: 'The rating could not be taken back. Please try again.',
  more: 'Tell us more',
  panel: 'Your feedback',
  reasonsUp: 'What was good? (optional)',
  reasonsDown: 'What went wrong? (optional)',
  reasons: {
    correct: 'Correct',
    helpful: 'Helpful',
    good_sources: 'Good sources',
    well_written: 'Well written',
    wrong: 'Wrong',
    incomplete: 'Incomplete',
    bad_sources: 'Bad sources',
    not_helpful: 'Not helpful',
    too_long: 'Too long',
    other: 'Other',
  },
  comment: 'Comment (optional)',
  share: 'Share this conversation with the administrators',
  shareHint: 'Then the administrators can read your question and this answer. Otherwise they see only the rating, the reasons and your comment.',
  send: 'Send feedback',
};
