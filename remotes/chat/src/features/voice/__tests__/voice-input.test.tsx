import { resetServerState, setApiClients } from '@assistant/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import { FakeMediaRecorder, installMicrophone, microphone, removeMicrophone } from './voice-fakes';

jest.setTimeout(20_000);

const CONFIG = { available: true, max_bytes: 1024 * 1024, accepted_types: ['audio/webm'], accepted_extensions: ['webm'] };
const transcription = {
  config: CONFIG as typeof CONFIG,
  text: 'Wann werden Reisekosten erstattet?',
  status: 200,
  configAsked: 0,
  uploads: [] as File[],
  hold: undefined as Promise<void> | undefined,
};

const server = setupServer(
  http.get('*/api/transcriptions/config', () => {
    transcription.configAsked += 1;
    return HttpResponse.json(transcription.config);
  }),
  http.post('*/api/transcriptions', async ({ request }) => {
    const form = await request.formData();
    transcription.uploads.push(form.get('file') as File);
    await transcription.hold;
    if (transcription.status !== 200) return HttpResponse.json({ statusCode: transcription.status, error: 'Bad Gateway', message: 'Transcription failed', code: 'upstream_failed' }, { status: transcription.status });
    return HttpResponse.json({ text: transcription.text, language: 'de', duration: 2.5, segments: [] });
  }),
  ...handlers(),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  resetServerState();
  resetChatState();
  Object.assign(transcription, { config: CONFIG, text: 'Wann werden Reisekosten erstattet?', status: 200, configAsked: 0, uploads: [], hold: undefined });
  microphone.amplitude = 0.2;
  installMicrophone();
});
afterEach(() => removeMicrophone());

const composer = () => screen.getByRole('textbox', { name: 'Your message' });
// The composer's own alerts (other parts of the page may have theirs).
const composerForm = () => document.querySelector('form.conversation__composer') as HTMLElement;
const voiceAlert = () => within(composerForm()).findByRole('alert');
const micButton = () => screen.findByRole('button', { name: 'Dictate your question' });

async function startRecording(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await micButton());
  return screen.findByRole('group', { name: 'Recording your question' });
}

describe('voice input in the composer', () => {
  it('records with a visible level and the elapsed time, and puts the transcribed question into the message box without sending it', async () => {
    const user = userEvent.setup();
    await renderChat('/chat');
    const recording = await startRecording(user);
    // The level meter follows the microphone's loudness; the time runs.
    const meter = within(recording).getByRole('meter', { name: 'Microphone level' });
    await waitFor(() => expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(40));
    act(() => void (microphone.amplitude = 0));
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuenow', '0'));
    expect(within(recording).getByText('0:00')).toBeInTheDocument();
    expect(within(recording).getByRole('button', { name: 'Stop recording' })).toHaveFocus();

    await user.click(within(recording).getByRole('button', { name: 'Stop recording' }));
    await waitFor(() => expect(composer()).toHaveValue('Wann werden Reisekosten erstattet?'));
    expect(composer()).toHaveFocus();
    expect(transcription.uploads).toHaveLength(1);
    expect([transcription.uploads[0]!.name, transcription.uploads[0]!.type]).toEqual(['question.webm', 'audio/webm;codecs=opus']);
    // The microphone is given back, and nothing was sent.
    expect(microphone.tracks[0]!.stop).toHaveBeenCalled();
    expect(backend.requests.filter((request) => request.method === 'POST')).toEqual([]);
    expect(document.querySelector('.voice-input [role="status"]')).toHaveTextContent('Your question is in the message box. Check it and send it.');
  });

  it('puts the text in at the cursor when the box already holds text', async () => {
    const user = userEvent.setup();
    await renderChat('/chat');
    await user.type(composer(), 'Frage: bitte kurz.');
    (composer() as HTMLTextAreaElement).setSelectionRange(7, 7);
    transcription.text = ' Wer genehmigt Dienstreisen? ';
    const recording = await startRecording(user);
    await user.click(within(recording).getByRole('button', { name: 'Stop recording' }));
    await waitFor(() => expect(composer()).toHaveValue('Frage: Wer genehmigt Dienstreisen? bitte kurz.'));
  });

  it('shows that it transcribes, and Cancel throws the transcription away', async () => {
    let release!: () => void;
    transcription.hold = new Promise((resolve) => (release = resolve));
    const user = userEvent.setup();
    await renderChat('/chat');
    await user.type(composer(), 'Entwurf');
    const recording = await startRecording(user);
    await user.click(within(recording).getByRole('button', { name: 'Stop recording' }));
    const transcribing = await screen.findByRole('group', { name: 'Writing down your question' });
    expect(transcribing).toHaveTextContent('Transcribing…');
    await user.click(within(transcribing).getByRole('button', { name: 'Discard recording' }));
    expect(await micButton()).toHaveFocus();
    release();
    await waitFor(() => expect(transcription.uploads).toHaveLength(1));
    expect(composer()).toHaveValue('Entwurf');
  });

  it('Escape discards the recording: nothing is transcribed and the microphone is freed', async () => {
    const user = userEvent.setup();
    await renderChat('/chat');
    await startRecording(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Recording your question' })).not.toBeInTheDocument();
    expect(await micButton()).toHaveFocus();
    expect(microphone.tracks[0]!.stop).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
    expect(transcription.uploads).toHaveLength(0);
    expect(document.querySelector('.voice-input [role="status"]')).toHaveTextContent('Recording discarded.');
  });

  it('says clearly when the microphone is refused or missing', async () => {
    const user = userEvent.setup();
    installMicrophone({ name: 'NotAllowedError' });
    await renderChat('/chat');
    await user.click(await micButton());
    expect(await voiceAlert()).toHaveTextContent("The microphone is blocked. Allow it for this site in the browser's address bar, then try again.");
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(within(composerForm()).queryByRole('alert')).not.toBeInTheDocument();

    installMicrophone({ name: 'NotFoundError' });
    await user.click(await micButton());
    expect(await voiceAlert()).toHaveTextContent('No microphone was found. Connect one and try again.');

    removeMicrophone();
    await user.click(await micButton());
    expect(await voiceAlert()).toHaveTextContent('This browser cannot record audio here.');
    expect(transcription.uploads).toHaveLength(0);
  });

  it('says when the transcription failed or heard nothing, and leaves the box as it was', async () => {
    const user = userEvent.setup();
    await renderChat('/chat');
    transcription.status = 502;
    await user.click(within(await startRecording(user)).getByRole('button', { name: 'Stop recording' }));
    expect(await voiceAlert()).toHaveTextContent(/^The recording could not be transcribed\. \S/);
    expect(composer()).toHaveValue('');

    transcription.status = 200;
    transcription.text = '  ';
    await user.click(within(await startRecording(user)).getByRole('button', { name: 'Stop recording' }));
    expect(await voiceAlert()).toHaveTextContent('No words were heard. Speak closer to the microphone and try again.');
    expect(composer()).toHaveValue('');
  });

  it('is not offered when no transcription model is configured', async () => {
    transcription.config = { ...CONFIG, available: false };
    await renderChat('/chat');
    await screen.findByRole('textbox', { name: 'Your message' });
    await waitFor(() => expect(transcription.configAsked).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button', { name: 'Dictate your question' })).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    const user = userEvent.setup();
    installMicrophone({ name: 'NotAllowedError' });
    await renderChat('/chat', 'de');
    await user.click(await screen.findByRole('button', { name: 'Frage diktieren' }));
    expect(await voiceAlert()).toHaveTextContent('Das Mikrofon ist blockiert. Erlauben Sie es für diese Seite in der Adressleiste des Browsers und versuchen Sie es erneut.');
    installMicrophone();
    await user.click(screen.getByRole('button', { name: 'Frage diktieren' }));
    const recording = await screen.findByRole('group', { name: 'Ihre Frage wird aufgenommen' });
    expect(within(recording).getByRole('meter', { name: 'Mikrofonpegel' })).toBeInTheDocument();
    await user.click(within(recording).getByRole('button', { name: 'Aufnahme beenden' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ihre Nachricht' })).toHaveValue('Wann werden Reisekosten erstattet?'));
  });
});
