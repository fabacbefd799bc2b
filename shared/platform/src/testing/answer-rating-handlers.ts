import type { AnswerRating, AnswerRatingRequest } from '@assistant/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';

/** What the fake feedback server of the answer ratings holds and was sent. */
export interface FakeAnswerRatings {
  /** The ratings the GET answers (the PUT and DELETE change them). */
  stored: AnswerRating[];
  /** The query strings of the GETs, in order. */
  asked: string[];
  puts: AnswerRatingRequest[];
  deletes: string[];
  /** Empties all of the above (before each test). */
  reset(): void;
}

/**
 * msw handlers for the answer ratings' feedback call (GET, PUT, DELETE /api/feedback/answers) as
 * the server keeps them: one rating per answer, the user's own. The tests of every screen that
 * shows answers check with it what their AnswerRating sends.
 */
export function answerRatingHandlers(origin = '*'): { handlers: HttpHandler[]; ratings: FakeAnswerRatings } {
  const ratings: FakeAnswerRatings = {
    stored: [],
    asked: [],
    puts: [],
    deletes: [],
    reset() {
      Object.assign(ratings, { stored: [], asked: [], puts: [], deletes: [] });
    },
  };
  const path = `${origin}/api/feedback/answers`;
  const handlers = [
    http.get(path, ({ request }) => {
      const query = new URL(request.url);
      ratings.asked.push(query.search);
      const conversation = query.searchParams.get('conversation_id');
      const target = query.searchParams.get('target_id');
      return HttpResponse.json({ ratings: ratings.stored.filter((entry) => (conversation ? entry.conversation_id === conversation : entry.target_id === target)) });
    }),
    http.put(path, async ({ request }) => {
      const body = (await request.json()) as AnswerRatingRequest;
      ratings.puts.push(body);
      const saved: AnswerRating = {
        target_kind: body.target_kind,
        target_id: body.target_id,
        conversation_id: body.conversation_id ?? null,
        rating: body.rating,
        reasons: body.reasons ?? [],
        comment: body.comment ?? null,
        share_with_admins: body.share_with_admins ?? false,
        updated_at: new Date().toISOString(),
      };
      ratings.stored = [...ratings.stored.filter((entry) => entry.target_id !== body.target_id), saved];
      return HttpResponse.json(saved);
    }),
    http.delete(path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      ratings.deletes.push(query.toString());
      ratings.stored = ratings.stored.filter((entry) => entry.target_id !== query.get('target_id'));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, ratings };
}
