import { APP_VERSION } from '@assistant/contracts';
import { answerRatingHandlers } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { ANSWER, TRACE, contracts, handbook, handlers, pickedBefore, renderQa, resetQaState } from '../../../__tests__/qa-kit';

jest.setTimeout(20_000);

const { handlers: ratingHandlers, ratings } = answerRatingHandlers();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetQaState();
  ratings.reset();
  server.resetHandlers(...ratingHandlers, ...handlers());
  pickedBefore('employee', { scope: 'collections', collectionIds: [handbook.id, contracts.id], model: 'qa-model' });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('rating an answer over documents', () => {
  it('rates the answer by its trace as a QA answer with the model, and sends the texts only when shared', async () => {
    const user = userEvent.setup();
    await renderQa();
    await screen.findByText('2 collections: Handbook, Contracts');
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'When is the deadline?{Enter}');
    const answer = await screen.findByRole('article', { name: 'When is the deadline?' });
    // The kit's words are German here: the host's UiTextsProvider is not around the remote in these tests.
    const good = await within(answer).findByRole('button', { name: 'Gute Antwort' });
    await waitFor(() => expect(ratings.asked).toEqual([`?target_kind=qa_answer&target_id=${TRACE}`]));
    await user.click(good);
    await waitFor(() => expect(ratings.puts).toHaveLength(1));
    expect(ratings.puts[0]).toEqual({
      target_kind: 'qa_answer',
      target_id: TRACE,
      feature: 'qa',
      model: 'qa-model',
      rating: 'up',
      reasons: [],
      share_with_admins: false,
      ui_version: APP_VERSION,
    });
    await user.click(within(answer).getByRole('button', { name: 'Gute Quellen' }));
    await user.type(within(answer).getByRole('textbox', { name: 'Kommentar (optional)' }), 'Exactly the memo I needed.');
    await user.click(within(answer).getByRole('checkbox', { name: 'Diese Unterhaltung mit den Administratoren teilen' }));
    await user.click(within(answer).getByRole('button', { name: 'Rückmeldung senden' }));
    await waitFor(() => expect(ratings.puts).toHaveLength(2));
    expect(ratings.puts[1]).toMatchObject({
      rating: 'up',
      reasons: ['good_sources'],
      comment: 'Exactly the memo I needed.',
      share_with_admins: true,
      question_text: 'When is the deadline?',
      answer_text: ANSWER,
    });
    expect(good).toHaveFocus();
  });
});
