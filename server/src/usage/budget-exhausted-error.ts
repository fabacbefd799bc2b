/**
 * A model call refused because the user's monthly budget is used up: 429 `budget_exhausted` with
 * `resets_at` (error-handlers.ts), or the stream's `error` event with that code once an answer
 * streams (public-failure.ts).
 */
export class BudgetExhaustedError extends Error {
  readonly statusCode = 429;
  readonly code = 'budget_exhausted';

  constructor(readonly resetsAt: Date) {
    super(
      `Your monthly budget for the assistant is used up. It starts again on ${resetsAt.toISOString().slice(0, 10)} (UTC); ask an administrator if you need more before then.`,
    );
    this.name = 'BudgetExhaustedError';
  }
}
