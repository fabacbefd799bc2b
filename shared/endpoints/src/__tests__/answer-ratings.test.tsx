import { APP_VERSION, RATING_SHARED_TEXT_MAX_LENGTH, type AnswerRating } from '@assistant/contracts';
import { answerRatingHandlers } from '@assistant/platform/testing';
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

const { handlers, ratings } = answerRatingHandlers();
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetEndpointsState();
  server.resetHandlers();
  ratings.reset();
  ratings.stored = [stored];
});

const chatAnswer: RatedAnswer = { target_kind: 'chat_message', target_id: 'm2', conversation_id: 'c1', feature: 'agents', model: 'llama', agent_id: 'a1' };
const texts = () => ({ question: 'When are travel costs paid?', answer: 'Within 30 days.' });

describe('useAnswerRating', () => {
  it("reads a chat answer's rating with its conversation's, and the others by their own target", async () => {
    const { result } = renderHook(() => [useAnswerRating(chatAnswer, texts), useAnswerRating({ ...chatAnswer, target_id: 'm4' }, texts)] as const, { wrapper });
    expect(result.current[0].rating).toBeUndefined();
    await waitFor(() => expect(result.current[0].rating).toMatchObject({ rating: 'up', reasons: ['helpful'] }));
    expect(result.current[1].rating).toBeNull();
    expect(ratings.asked).toEqual(['?conversation_id=c1']);

    const qa = renderHook(() => useAnswerRating({ target_kind: 'qa_answer', target_id: 'trace 1', feature: 'qa' }), { wrapper });
    await waitFor(() => expect(qa.result.current.rating).toBeNull());
    expect(ratings.asked).toContain('?target_kind=qa_answer&target_id=trace+1');
  });

  it('sends the target, the feature, the model, the agent and ui_version, and the texts only when shared', async () => {
    const { result } = renderHook(() => useAnswerRating(chatAnswer, texts), { wrapper });
    await waitFor(() => expect(result.current.rating).not.toBeUndefined());
    await act(() => result.current.onSave({ rating: 'down', reasons: ['wrong'], comment: '  Old rules. ', share_with_admins: false }));
    expect(ratings.puts).toEqual([
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
    expect(ratings.puts[1]).toMatchObject({ share_with_admins: true, question_text: 'When are travel costs paid?', answer_text: 'Within 30 days.' });
    expect(ratings.puts[1]).not.toHaveProperty('comment');
  });

  it('asks nothing for a result named just now, and cuts shared texts to what the server keeps', async () => {
    const long = 'x'.repeat(RATING_SHARED_TEXT_MAX_LENGTH + 10);
    const { result } = renderHook(
      () => useAnswerRating({ target_kind: 'app_run', target_id: 'run-1', feature: 'summarize' }, () => ({ question: long, answer: long }), { fresh: true }),
      { wrapper },
    );
    expect(result.current.rating).toBeNull();
    await act(() => result.current.onSave({ rating: 'up', reasons: [], comment: '', share_with_admins: true }));
    await waitFor(() => expect(result.current.rating).toMatchObject({ rating: 'up', share_with_admins: true }));
    expect(ratings.asked).toEqual([]);
    expect(ratings.puts[0]!.question_text).toHaveLength(RATING_SHARED_TEXT_MAX_LENGTH);
    expect(ratings.puts[0]!.answer_text).toHaveLength(RATING_SHARED_TEXT_MAX_LENGTH);
  });

  it('takes the rating back with DELETE, and puts the saved one back when a save is refused', async () => {
    const { result } = renderHook(() => useAnswerRating(chatAnswer, texts), { wrapper });
    await waitFor(() => expect(result.current.rating).toMatchObject({ rating: 'up' }));
    server.use(http.put('*/api/feedback/answers', () => HttpResponse.json({ code: 'server_error', message: 'down' }, { status: 500 })));
    await act(async () => {
      await expect(result.current.onSave({ rating: 'down', reasons: [], comment: '', share_with_admins: false })).rejects.toThrow();
    });
    await waitFor(() => expect(result.current.rating).toMatchObject({ rating: 'up' }));

    await act(() => result.current.onClear());
    expect(ratings.deletes).toEqual(['target_kind=chat_message&target_id=m2']);
    await waitFor(() => expect(result.current.rating).toBeNull());
  });
});
