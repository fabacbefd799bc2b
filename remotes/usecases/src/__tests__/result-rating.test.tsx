import { APP_VERSION } from '@assistant/contracts';
import { useGatingStore } from '@assistant/platform';
import { answerRatingHandlers } from '@assistant/platform/testing';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { APP_ID, customApp, file, handlers, renderAt, resetUseCases, streamOf } from './usecases-kit';

jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5000 });

const { handlers: ratingHandlers, ratings } = answerRatingHandlers();
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetUseCases();
  useGatingStore.setState({ flags: {} });
  ratings.reset();
  server.resetHandlers(
    ...ratingHandlers,
    ...handlers(),
    http.post('*/api/summarize', () => streamOf('- The report ', 'is ready.')),
    http.get(`*/api/custom-apps/${APP_ID}`, () => HttpResponse.json(customApp({ variables: [], template: 'Write a greeting.' }))),
    http.post(`*/api/custom-apps/${APP_ID}/run`, () => streamOf('Dear all, ', 'welcome.')),
    http.get('*/api/transcriptions/config', () => HttpResponse.json({ available: true, max_bytes: 1024, accepted_types: ['audio/wav'], accepted_extensions: ['wav'] })),
    http.post('*/api/transcriptions', () => HttpResponse.json({ text: 'Hello everyone.', language: 'en', duration: 2, segments: [] })),
  );
});

// The kit's words are German here: the host's UiTextsProvider is not around the remote in these tests.
const thumb = (name: 'Gute Antwort' | 'Schlechte Antwort') => screen.findByRole('button', { name });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('rating a use case’s result', () => {
  it('rates a summary as an app run of its own, sending the text summarized only when shared; a new run is a new result', async () => {
    await renderAt('/usecases/summarize');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Text to summarize' }), 'A long report.');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await user.click(await thumb('Schlechte Antwort'));
    await waitFor(() => expect(ratings.puts).toHaveLength(1));
    const first = ratings.puts[0]!;
    expect(first).toEqual({ target_kind: 'app_run', target_id: expect.stringMatching(UUID), feature: 'summarize', rating: 'down', reasons: [], share_with_admins: false, ui_version: APP_VERSION });
    // Nobody can have rated a result that just arrived: nothing is asked for.
    expect(ratings.asked).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Zu lang' }));
    await user.click(screen.getByRole('checkbox', { name: 'Diese Unterhaltung mit den Administratoren teilen' }));
    await user.click(screen.getByRole('button', { name: 'Rückmeldung senden' }));
    await waitFor(() => expect(ratings.puts).toHaveLength(2));
    expect(ratings.puts[1]).toMatchObject({ target_id: first.target_id, reasons: ['too_long'], share_with_admins: true, question_text: 'A long report.', answer_text: '- The report is ready.' });

    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Schlechte Antwort' })).toHaveAttribute('aria-pressed', 'false'));
    await user.click(screen.getByRole('button', { name: 'Gute Antwort' }));
    await waitFor(() => expect(ratings.puts).toHaveLength(3));
    expect(ratings.puts[2]).toMatchObject({ target_kind: 'app_run', feature: 'summarize', rating: 'up' });
    expect(ratings.puts[2]!.target_id).not.toBe(first.target_id);
  });

  it("rates a custom app's result as the apps' and a transcript as the transcription's", async () => {
    const user = userEvent.setup();
    const app = await renderAt('/usecases', `/usecases/${APP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Run' }));
    await user.click(await thumb('Gute Antwort'));
    await waitFor(() => expect(ratings.puts).toHaveLength(1));
    expect(ratings.puts[0]).toMatchObject({ target_kind: 'app_run', target_id: expect.stringMatching(UUID), feature: 'apps', rating: 'up' });
    app.unmount();

    await renderAt('/usecases/transcribe');
    await user.upload(await screen.findByLabelText('Audio file'), file('RIFF', 'meeting.wav', 'audio/wav'));
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    await user.click(await thumb('Schlechte Antwort'));
    await user.click(screen.getByRole('checkbox', { name: 'Diese Unterhaltung mit den Administratoren teilen' }));
    await user.click(screen.getByRole('button', { name: 'Rückmeldung senden' }));
    await waitFor(() => expect(ratings.puts).toHaveLength(3));
    expect(ratings.puts[2]).toMatchObject({ target_kind: 'app_run', feature: 'transcription', rating: 'down', question_text: 'meeting.wav', answer_text: 'Hello everyone.' });
  });
});
