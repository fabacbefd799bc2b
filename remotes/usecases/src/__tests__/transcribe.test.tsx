import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiError, file, handlers, renderAt, resetUseCases, violations } from './usecases-kit';

jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5000 });

const CONFIG = {
  available: true,
  max_bytes: 1024,
  accepted_types: ['audio/mpeg', 'audio/wav'],
  accepted_extensions: ['mp3', 'wav'],
};
const TRANSCRIPTION = {
  text: 'Hello everyone. Let us start.',
  language: 'en',
  duration: 4.5,
  segments: [
    { start: 0, end: 2, text: ' Hello everyone.' },
    { start: 2, end: 64.5, text: ' Let us start.' },
  ],
};

let uploads = 0;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetUseCases();
  uploads = 0;
  server.resetHandlers(
    ...handlers(),
    http.get('*/api/transcriptions/config', () => HttpResponse.json(CONFIG)),
    http.post('*/api/transcriptions', () => {
      uploads += 1;
      return HttpResponse.json(TRANSCRIPTION);
    }),
  );
});

describe('transcribe', () => {
  it('uploads an audio file and shows the text with timestamps, with .txt and .vtt downloads', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:transcript';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderAt('/usecases/transcribe');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Audio file');
    expect(input).toHaveAccessibleDescription('MP3, M4A/MP4, WAV, WebM, Ogg or FLAC, up to 0 MB.');
    await user.upload(input, file('RIFF', 'meeting.wav', 'audio/wav'));
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    const list = await screen.findByRole('list', { name: 'Transcript with timestamps' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['0:00–0:02Hello everyone.', '0:02–1:04Let us start.']);
    expect(await screen.findByText('The transcript is ready.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download .vtt' }));
    expect(await created[0]!.text()).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nHello everyone.\n\n2\n00:00:02.000 --> 00:01:04.500\nLet us start.\n\n');
    await user.click(screen.getByRole('button', { name: 'Download .txt' }));
    expect(await created[1]!.text()).toBe('Hello everyone. Let us start.');
    expect(click).toHaveBeenCalledTimes(2);
    expect(await violations()).toEqual([]);
  });

  it('refuses a file too large or of another type before uploading, tied to the input', async () => {
    await renderAt('/usecases/transcribe');
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Audio file');
    await user.upload(input, file('x'.repeat(2048), 'long.mp3', 'audio/mpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too large: at most 0 MB.');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Too large'));
    await user.upload(input, file('x', 'notes.txt', 'text/plain'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported.');
    expect(uploads).toBe(0);
  });

  it('says a 413 of the server with its limit', async () => {
    server.use(http.post('*/api/transcriptions', () => apiError(413, 'Too large', { code: 'payload_too_large', limit: { value: 26214400, unit: 'bytes' } })));
    await renderAt('/usecases/transcribe');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Audio file'), file('ID3', 'talk.mp3', 'audio/mpeg'));
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too large: at most 25 MB.');
  });

  it('without a transcription model, says it is not set up and how an administrator turns it on', async () => {
    server.use(http.get('*/api/transcriptions/config', () => HttpResponse.json({ ...CONFIG, available: false })));
    await renderAt('/usecases/transcribe');
    expect(await screen.findByRole('heading', { name: 'Transcription is not set up' })).toBeInTheDocument();
    expect(screen.getByText('For administrators: how to turn it on')).toBeInTheDocument();
    expect(screen.queryByLabelText('Audio file')).not.toBeInTheDocument();
    await waitFor(() => expect(uploads).toBe(0));
  });
});
