import { APP_VERSION, RATING_SHARED_TEXT_MAX_LENGTH, type AnswerRating, type AnswerRatingRequest } from '@assistant/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useAnswerRating, type RatedAnswer } from '../answer-ratings';
import { resetEndpointsState, wrapper } from './endpoints-kit';

const at = '2026-01-01T00:00:00.000Z';
const stored: AnswerRating = {
  target_kind: 'chat_message',
  target_id: 'm2',
  conversation_id: 'c1',
  rating: 'up',
  reasons: ['helpful'],
  comment: null,
  share_with_admins: false,
  updated_at: at,
};

let ratings: AnswerRating[] = [];
let asked: string[] = [];
let puts: AnswerRatingRequest[] = [];
let deletes: string[] = [];
let refuse = false;
const server = setupServer(
  http.get('*/api/feedback/answers', ({ request }) => {
    asked.push(new URL(request.url).search);
    return HttpResponse.json({ ratings });
  }),
  http.put('*/api/feedback/answers', async ({ request }) => {
    const body = (await request.json()) as AnswerRatingRequest;
    puts.push(body);
    if (refuse) return HttpResponse.json({ code: 'server_error', message: 'down' }, { status: 500 });
    const { question_text: _q, answer_text: _a, ui_version: _v, feature: _f, model: _m, agent_id: _g, ...kept } = body;
    const saved = { ...kept, conversation_id: body.conversation_id ?? null, reasons: body.reasons ?? [], comment: body.comment ?? null, share_with_admins: body.share_with_admins ?? false, updated_at: at };
    ratings = [...ratings.filter((entry) => entry.target_id !== body.target_id), saved];
    return HttpResponse.json(saved);
  }),
  http.delete('*/api/feedback/answers', ({ request }) => {
    const query = new URL(request.url).searchParams;
    deletes.push(query.toString());
    ratings = ratings.filter((entry) => entry.target_id !== query.get('target_id'));
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetEndpointsState();
  ratings = [stored];
  asked = [];
  puts = [];
  deletes = [];
  refuse = false;
});

const chatAnswer: RatedAnswer = { target_kind: 'chat_message', target_id: 'm2', conversation_id: 'c1', feature: 'agents', model: 'llama', agent_id: 'a1' };
const texts = () => ({ question: 'When are travel costs paid?', answer: 'Within 30 days.' });

describe('useAnswerRating', () => {
  it("reads a chat answer's rating with its conversation's, and the others by their own target", async () => {
    const { result } = renderHook(() => [useAnswerRating(chatAnswer, texts), useAnswerRating({ ...chatAnswer, target_id: 'm4' }, texts)] as const, { wrapper });
    expect(result.current[0].rating).toBeUndefined();
    await waitFor(() => expect(result.current[0].rating).toMatchObject({ rating: 'up', reasons: ['helpful'] }));
    expect(result.current[1].rating).toBeNull();
    expect(asked).toEqual(['?conversation_id=c1']);

    const qa = renderHook(() => useAnswerRating({ target_kind: 'qa_answer', target_id: 'trace 1', feature: 'qa' }), { wrapper });
    await waitFor(() => expect(qa.result.current.rating).toBeNull());
    expect(asked).toContain('?target_kind=qa_answer&target_id=trace+1');
  });

  it('sends the target, the feature, the model, the agent and ui_version, and the texts only when shared', async () => {
    const { result } = renderHook(() => useAnswerRating(chatAnswer, texts), { wrapper });
    await waitFor(() => expect(result.current.rating).not.toBeUndefined());
    await act(() => result.current.onSave({ rating: 'down', reasons: ['wrong'], comment: '  Old rules. ', share_with_admins: false }));
    expect(puts).toEqual([
      {
        target_kind: 'chat_message',
        target_id: 'm2',
        conversation_id: 'c1',
        feature: 'agents',
        model: 'llama',
        agent_id: 'a1',
        rating: 'down',
        reasons: ['wrong'],
        comment: 'Old rules.',
        share_with_admins: false,
        ui_version: APP_VERSION,
      },
    ]);
    await waitFor(() => expect(result.current.rating).toMatchObject({ rating: 'down', reasons: ['wrong'], comment: 'Old rules.' }));

    await act(() => result.current.onSave({ rating: 'down', reasons: [], comment: '', share_with_admins: true }));
    expect(puts[1]).toMatchObject({ share_with_admins: true, question_text: 'When are travel costs paid?', answer_text: 'Within 30 days.' });
    expect(puts[1]).not.toHaveProperty('comment');
  });

  it('cuts shared texts to what the server keeps', async () => {
    const long = 'x'.repeat(RATING_SHARED_TEXT_MAX_LENGTH + 10);
    const { result } = renderHook(() => useAnswerRating({ target_kind: 'app_run', target_id: 'run-1', feature: 'summarize' }, () => ({ question: long, answer: long })), {
      wrapper,
    });
    await act(() => result.current.onSave({ rating: 'up', reasons: [], comment: '', share_with_admins: true }));
    expect(puts[0]!.question_text).toHaveLength(RATING_SHARED_TEXT_MAX_LENGTH);
    expect(puts[0]!.answer_text).toHaveLength(RATING_SHARED_TEXT_MAX_LENGTH);
  });

  it('takes the rating back with DELETE, and puts the saved one back when a save is refused', async () => {
    const { result } = renderHook(() => useAnswerRating(chatAnswer, texts), { wrapper });
    await waitFor(() => expect(result.current.rating).toMatchObject({ rating: 'up' }));
    refuse = true;
    await act(async () => {
      await expect(result.current.onSave({ rating: 'down', reasons: [], comment: '', share_with_admins: false })).rejects.toThrow();
    });
    await waitFor(() => expect(result.current.rating).toMatchObject({ rating: 'up' }));

    await act(() => result.current.onClear());
    expect(deletes).toEqual(['target_kind=chat_message&target_id=m2']);
    await waitFor(() => expect(result.current.rating).toBeNull());
  });
});
