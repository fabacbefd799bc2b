import type { Message } from '@assistant/contracts';
import { resetServerState, setApiClients } from '@assistant/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import { speechPlayer } from '../model/speech-player';
import { installSpeechSynthesis, removeSpeechSynthesis, type FakeUtterance } from './voice-fakes';

jest.setTimeout(20_000);

const MARKDOWN_ANSWER = [
  '## Reisekosten',
  '',
  'Die **Erstattung** erfolgt nach [der Richtlinie](https://intranet.example/rk) binnen _30 Tagen_ [1][2].',
  '',
  '```js',
  'console.log(1)',
  '```',
  '',
  '- Belege einreichen 【3】',
].join('\n');

const speech = { available: false, requests: [] as unknown[], status: 200 };
const server = setupServer(
  http.get('*/api/speech/config', () => HttpResponse.json({ available: speech.available, max_characters: 4096 })),
  http.post('*/api/speech', async ({ request }) => {
    speech.requests.push(await request.json());
    if (speech.status !== 200) return HttpResponse.json({ statusCode: 502, error: 'Bad Gateway', message: 'Reading aloud failed: the text-to-speech model reported an error', code: 'upstream_failed' }, { status: 502 });
    return new HttpResponse(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } });
  }),
  ...handlers(),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

const trip = conversation({ name: 'Reisekosten' });
const other = conversation({ name: 'Kantine' });
function answered(conversationId: string, pairs: Array<[string, string]>): Message[] {
  let parent: string | null = null;
  return pairs.flatMap(([question, answer], index) => {
    const at = `2025-06-01T12:0${index}:00.000Z`;
    const q: Message = { message_id: crypto.randomUUID(), conversation_id: conversationId, parent_message_id: parent, role: 'user', content: question, created_at: at, status: 'complete' };
    const a: Message = { message_id: crypto.randomUUID(), conversation_id: conversationId, parent_message_id: q.message_id, role: 'assistant', content: answer, created_at: at, status: 'complete' };
    parent = a.message_id;
    return [q, a];
  });
}

let synthesis: ReturnType<typeof installSpeechSynthesis>;
beforeEach(() => {
  resetServerState();
  resetChatState([trip, other]);
  backend.messages.set(trip.id, answered(trip.id, [['Wie werden Reisekosten erstattet?', MARKDOWN_ANSWER], ['Und Hotels?', 'Hotels bis 120 Euro.']]));
  backend.messages.set(other.id, answered(other.id, [['Was gibt es heute?', 'Linsen.']]));
  Object.assign(speech, { available: false, requests: [], status: 200 });
  synthesis = installSpeechSynthesis();
});
afterEach(() => {
  act(() => speechPlayer.stop());
  removeSpeechSynthesis();
  jest.restoreAllMocks();
});

const answers = () => screen.findAllByRole('article', { name: /^(Answer|Antwort)$/ });
const spokenText = () => synthesis.spoken.map((utterance) => utterance.text).join(' ');

describe('read aloud with the browser’s speech synthesis', () => {
  it('reads the rendered text (no Markdown, link targets, code fences or citation markers) in the interface language, with pause, resume and stop', async () => {
    const user = userEvent.setup();
    await renderChat(`/chat/${trip.id}`);
    const [first] = await answers();
    await user.click(within(first!).getByRole('button', { name: 'Read aloud' }));

    expect(spokenText()).toBe('Reisekosten Die Erstattung erfolgt nach der Richtlinie binnen 30 Tagen. console.log(1) Belege einreichen');
    expect(spokenText()).not.toMatch(/[*_#`[\]【】]|https?:/);
    expect(synthesis.spoken.every((utterance: FakeUtterance) => utterance.lang === 'en-US' && utterance.voice?.name === 'English (US)')).toBe(true);

    // One button reads, pauses and resumes (the focus stays on it); Stop beside it while it reads.
    const toggle = within(first!).getByRole('button', { name: 'Pause reading' });
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    expect(synthesis.pause).toHaveBeenCalled();
    expect(toggle).toHaveAccessibleName('Resume reading');
    await user.click(toggle);
    expect(synthesis.resume).toHaveBeenCalled();
    expect(toggle).toHaveAccessibleName('Pause reading');
    await user.click(within(first!).getByRole('button', { name: 'Stop reading' }));
    expect(synthesis.cancel).toHaveBeenCalled();
    expect(toggle).toHaveAccessibleName('Read aloud');
    expect(within(first!).queryByRole('button', { name: 'Stop reading' })).not.toBeInTheDocument();
  });

  it('reads one answer at a time, and is done at the end of the text', async () => {
    const user = userEvent.setup();
    await renderChat(`/chat/${trip.id}`);
    const [first, second] = await answers();
    await user.click(within(first!).getByRole('button', { name: 'Read aloud' }));
    await user.click(within(second!).getByRole('button', { name: 'Read aloud' }));
    expect(within(first!).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Pause reading' })).toBeInTheDocument();
    expect(spokenText()).toBe('Hotels bis 120 Euro.');

    act(() => synthesis.finish());
    expect(within(second!).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Stop reading' })).not.toBeInTheDocument();
  });

  it('stops when the user leaves the conversation', async () => {
    const user = userEvent.setup();
    await renderChat(`/chat/${trip.id}`);
    const [first] = await answers();
    await user.click(within(first!).getByRole('button', { name: 'Read aloud' }));
    synthesis.cancel.mockClear();
    await user.click(await screen.findByRole('link', { name: 'Kantine' }));
    await screen.findByText('Linsen.');
    await waitFor(() => expect(synthesis.cancel).toHaveBeenCalled());
    expect(speechPlayer.getState().reading).toBeUndefined();
  });

  it('reads in German with a German voice', async () => {
    const user = userEvent.setup();
    await renderChat(`/chat/${trip.id}`, 'de');
    const [, second] = await answers();
    await user.click(within(second!).getByRole('button', { name: 'Vorlesen' }));
    expect(synthesis.spoken.map((utterance) => [utterance.lang, utterance.voice?.name])).toEqual([['de-DE', 'Deutsch']]);
    expect(within(second!).getByRole('button', { name: 'Vorlesen anhalten' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Vorlesen beenden' })).toBeInTheDocument();
  });

  it('is not offered where the browser cannot speak and no text-to-speech model is configured', async () => {
    removeSpeechSynthesis();
    await renderChat(`/chat/${trip.id}`);
    const [first] = await answers();
    expect(within(first!).getByRole('button', { name: 'Copy answer' })).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Read aloud' })).not.toBeInTheDocument();
  });
});

describe('read aloud by the configured text-to-speech endpoint', () => {
  let played: HTMLMediaElement[];
  beforeEach(() => {
    speech.available = true;
    played = [];
    URL.createObjectURL = jest.fn(() => 'blob:speech');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this);
      return Promise.resolve();
    });
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('plays the audio the server made of the rendered text, with pause and stop, and never uses the browser’s voices', async () => {
    const user = userEvent.setup();
    await renderChat(`/chat/${trip.id}`);
    const [first] = await answers();
    await waitFor(() => expect(within(first!).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument());
    await user.click(within(first!).getByRole('button', { name: 'Read aloud' }));
    const toggle = await within(first!).findByRole('button', { name: 'Pause reading' });
    expect(speech.requests).toEqual([{ text: 'Reisekosten Die Erstattung erfolgt nach der Richtlinie binnen 30 Tagen. console.log(1) Belege einreichen', language: 'en-US' }]);
    expect(played).toHaveLength(1);
    expect(synthesis.speak).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(toggle).toHaveAccessibleName('Resume reading');
    await user.click(toggle);
    expect(played).toHaveLength(2);
    act(() => void played[0]!.dispatchEvent(new Event('ended')));
    await waitFor(() => expect(toggle).toHaveAccessibleName('Read aloud'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:speech');
  });

  it('says so when the endpoint fails', async () => {
    speech.status = 502;
    const user = userEvent.setup();
    await renderChat(`/chat/${trip.id}`);
    const [, second] = await answers();
    await waitFor(() => expect(speech.available).toBe(true));
    await user.click(within(second!).getByRole('button', { name: 'Read aloud' }));
    expect(await within(second!).findByRole('alert')).toHaveTextContent(/^The answer could not be read aloud\. \S/);
    expect(within(second!).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    expect(played).toHaveLength(0);
  });
});
