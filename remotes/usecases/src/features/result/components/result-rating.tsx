import type { UsageFeature } from '@assistant/contracts';
import { useAnswerRating } from '@assistant/endpoints';
import { AnswerRating } from '@assistant/ui';
import { useState } from 'react';

export interface ResultRatingProps {
  /** What the statistics count the result under: summarize, generate, transcription or apps. */
  feature: UsageFeature;
  /** What was asked, as the user gave it (the text, the file's name, the filled fields). */
  question: string;
  /** The result as shown. */
  answer: string;
}

/**
 * Thumbs up or down on a use case's result (docs/use-cases.md "Rating a result"). A result is kept
 * nowhere on the server, so it is named by an id made when it arrived: mounted with each result
 * (the caller shows it once a result is there), each run is rated on its own.
 */
export function ResultRating({ feature, question, answer }: ResultRatingProps) {
  const [runId] = useState(() => crypto.randomUUID());
  const rating = useAnswerRating({ target_kind: 'app_run', target_id: runId, feature }, () => ({ question, answer }), { fresh: true });
  return <AnswerRating {...rating} className="usecases__rating" />;
}
