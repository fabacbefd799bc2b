import {
  APP_VERSION,
  RATING_SHARED_TEXT_MAX_LENGTH,
  myAnswerRatingsResponseSchema,
  type AnswerRating,
  type AnswerRatingRequest,
  type RatedAnswerKind,
  type RatingReason,
  type RatingValue,
  type UsageFeature,
} from '@assistant/contracts';
import { apiClients, queryOptions, useMutation, useQuery, useQueryClient } from '@assistant/platform';
import { putVoid } from './put-void';

/**
 * Thumbs up or down on an answer (docs/operations.md "Answer ratings"): the user's own ratings,
 * read per conversation (a chat shows all its answers at once) or per answer, and the rating's
 * save and take-back. The UI kit's AnswerRating draws it; `useAnswerRating` gives its data props.
 */
export const answerRatingKeys = {
  all: ['answer-ratings'] as const,
  conversation: (conversationId: string) => ['answer-ratings', 'conversation', conversationId] as const,
  target: (kind: RatedAnswerKind, id: string) => ['answer-ratings', 'target', kind, id] as const,
};

/** The answer a rating is about, and what the statistics group it by. */
export interface RatedAnswer {
  target_kind: RatedAnswerKind;
  target_id: string;
  /** A chat's conversation: its ratings are read together. */
  conversation_id?: string;
  feature: UsageFeature;
  model?: string;
  agent_id?: string;
}

/** The question and the answer as shown: sent only when the user shares the conversation with the administrators. */
export interface RatedTexts {
  question: string;
  answer: string;
}

/** What the user chose: the thumb, its reasons, a comment, and whether the administrators may read the texts. */
export interface RatingDraft {
  rating: RatingValue;
  reasons: RatingReason[];
  comment: string;
  share_with_admins: boolean;
}

type RatingsQuery = { conversation_id: string } | { target_kind: RatedAnswerKind; target_id: string };

/** GET /api/feedback/answers?conversation_id | target_kind&target_id: the signed-in user's own ratings. */
export async function getMyAnswerRatings(query: RatingsQuery, signal?: AbortSignal): Promise<AnswerRating[]> {
  const params = new URLSearchParams(query);
  return (await apiClients().api.get(`feedback/answers?${params.toString()}`, myAnswerRatingsResponseSchema, { signal })).ratings;
}

/** The one query an answer's rating is read from: its conversation's, or its own. */
function ratingsQueryOf(answer: RatedAnswer): { key: readonly string[]; query: RatingsQuery } {
  return answer.conversation_id
    ? { key: answerRatingKeys.conversation(answer.conversation_id), query: { conversation_id: answer.conversation_id } }
    : { key: answerRatingKeys.target(answer.target_kind, answer.target_id), query: { target_kind: answer.target_kind, target_id: answer.target_id } };
}

/** `fresh`: an answer named just now (an app's result), which nobody can have rated yet: nothing is read. */
export const answerRatingsQuery = (answer: RatedAnswer, fresh = false) => {
  const { key, query } = ratingsQueryOf(answer);
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => getMyAnswerRatings(query, signal),
    ...(fresh ? { enabled: false, initialData: [] } : {}),
  });
};

const cut = (text: string) => text.slice(0, RATING_SHARED_TEXT_MAX_LENGTH);

/** The feedback call's body: the texts go along only when shared, and `ui_version` always (SPEC's feedback call). */
export function answerRatingRequest(answer: RatedAnswer, draft: RatingDraft, texts: RatedTexts | undefined): AnswerRatingRequest {
  const comment = draft.comment.trim();
  return {
    target_kind: answer.target_kind,
    target_id: answer.target_id,
    ...(answer.conversation_id ? { conversation_id: answer.conversation_id } : {}),
    feature: answer.feature,
    ...(answer.model ? { model: answer.model } : {}),
    ...(answer.agent_id ? { agent_id: answer.agent_id } : {}),
    rating: draft.rating,
    reasons: draft.reasons,
    ...(comment ? { comment } : {}),
    share_with_admins: draft.share_with_admins,
    ...(draft.share_with_admins && texts ? { question_text: cut(texts.question), answer_text: cut(texts.answer) } : {}),
    ui_version: APP_VERSION,
  };
}

/** PUT /api/feedback/answers: the user's rating of one answer (a second PUT changes it). */
export async function putAnswerRating(request: AnswerRatingRequest): Promise<void> {
  await putVoid('feedback/answers', request);
}

/** DELETE /api/feedback/answers?target_kind&target_id: takes the rating back. */
export async function deleteAnswerRating(kind: RatedAnswerKind, id: string): Promise<void> {
  await apiClients().api.delete(`feedback/answers?${new URLSearchParams({ target_kind: kind, target_id: id }).toString()}`);
}

const isTarget = (answer: RatedAnswer) => (rating: AnswerRating) => rating.target_kind === answer.target_kind && rating.target_id === answer.target_id;

/**
 * The data props of the UI kit's AnswerRating for one answer (the ui may not import the
 * endpoints): the user's rating as saved (undefined while it is read, null for none; a failed
 * read counts as none, so the user can still rate), and its save and take-back, shown at once and
 * put back when the server refuses. `texts` is read when a shared rating is sent; `fresh` says the
 * answer's id was made just now (see answerRatingsQuery).
 *
 *   <AnswerRating {...useAnswerRating({ target_kind: 'qa_answer', target_id: traceId, feature: 'qa' }, () => ({ question, answer }))} />
 */
export function useAnswerRating(answer: RatedAnswer, texts?: () => RatedTexts, options: { fresh?: boolean } = {}) {
  const client = useQueryClient();
  const { key } = ratingsQueryOf(answer);
  const ratings = useQuery(answerRatingsQuery(answer, options.fresh));
  const rating = ratings.data ? (ratings.data.find(isTarget(answer)) ?? null) : ratings.isError ? null : undefined;

  // Shown at once; the query is asked again when the call has settled.
  const replace = async (next: AnswerRating | null) => {
    await client.cancelQueries({ queryKey: key });
    const before = client.getQueryData<AnswerRating[]>(key);
    client.setQueryData<AnswerRating[]>(key, (list = []) => [...list.filter((entry) => !isTarget(answer)(entry)), ...(next ? [next] : [])]);
    return { before };
  };
  const settle = {
    onError: (_error: unknown, _variables: unknown, context: { before: AnswerRating[] | undefined } | undefined) => client.setQueryData(key, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  };
  const save = useMutation({
    mutationFn: (draft: RatingDraft) => putAnswerRating(answerRatingRequest(answer, draft, draft.share_with_admins ? texts?.() : undefined)),
    onMutate: (draft) =>
      replace({
        target_kind: answer.target_kind,
        target_id: answer.target_id,
        conversation_id: answer.conversation_id ?? null,
        rating: draft.rating,
        reasons: draft.reasons,
        comment: draft.comment.trim() || null,
        share_with_admins: draft.share_with_admins,
        updated_at: new Date().toISOString(),
      }),
    ...settle,
  });
  const clear = useMutation({ mutationFn: () => deleteAnswerRating(answer.target_kind, answer.target_id), onMutate: () => replace(null), ...settle });

  return {
    rating,
    onSave: async (draft: RatingDraft): Promise<void> => {
      await save.mutateAsync(draft);
    },
    onClear: async (): Promise<void> => {
      await clear.mutateAsync();
    },
  };
}
