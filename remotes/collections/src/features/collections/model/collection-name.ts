import { COLLECTION_NAME_MAX_LENGTH, collectionNameSchema } from '@assistant/contracts';

/** What is wrong with a typed name (texts under `list.name.<problem>`). */
export type CollectionNameProblem = 'required' | 'tooLong';

export type CollectionNameCheck = { ok: true; name: string } | { ok: false; problem: CollectionNameProblem };

/**
 * Checks a typed name with the contract's rule (trimmed, 1 to 100 characters); the answer carries
 * the trimmed name to send. The contract's own messages are English, so the screen maps the problem
 * to its texts.
 */
export function checkCollectionName(value: string): CollectionNameCheck {
  const result = collectionNameSchema.safeParse(value);
  if (result.success) return { ok: true, name: result.data };
  const tooLong = result.error.issues.some((issue) => issue.code === 'too_big');
  return { ok: false, problem: tooLong ? 'tooLong' : 'required' };
}

export { COLLECTION_NAME_MAX_LENGTH };
