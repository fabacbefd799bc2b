import { TRANSLATE_MAX_CHARACTERS } from '@assistant/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ENGLISH,
  GERMAN,
  apiError,
  deepl,
  handlers,
  notifications,
  renderTranslate,
  resetTranslateState,
  translateHandler,
  translateRequests,
} from './translate-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetTranslateState();
  server.resetHandlers(...handlers([deepl]));
});
afterEach(() => jest.restoreAllMocks());

async function typed(text: string, language: 'de' | 'en' = 'en') {
  const user = userEvent.setup();
  await renderTranslate(language);
  const input = await screen.findByRole('textbox', { name: language === 'en' ? 'Text to translate' : 'Zu übersetzender Text' });
  await user.click(input);
  if (text) await user.paste(text);
  return { user, input };
}

describe('input', () => {
  it('counts characters live against the limit', async () => {
    const { user, input } = await typed('Hallo');
    expect(screen.getByText('5 of 50,000 characters')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('5 of 50,000 characters'));
    await user.type(input, ' Welt');
    expect(screen.getByText('10 of 50,000 characters')).toBeInTheDocument();
  });

  it('keeps a text over the limit whole, says by how much it is too long and does not send it', async () => {
    const { input } = await typed('');
    const long = 'a'.repeat(TRANSLATE_MAX_CHARACTERS + 3);
    fireEvent.change(input, { target: { value: long } });
    expect(input).toHaveValue(long);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The text is 3 characters too long. One translation takes at most 50,000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled();
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(translateRequests).toHaveLength(0);
  });

  it('translates with Ctrl+Enter and with Cmd+Enter', async () => {
    const { user } = await typed(GERMAN);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByText('The report is ready.');
    expect(translateRequests).toHaveLength(1);
    expect(screen.getByLabelText('Text to translate')).toHaveValue(GERMAN); // no line break added
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(translateRequests).toHaveLength(2));
  });

  it('does not send an empty text', async () => {
    const { user } = await typed('   ');
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(translateRequests).toHaveLength(0);
  });

  it('stops a running translation: the request is aborted, nothing is shown as a failure, the text stays', async () => {
    let aborted = false;
    server.use(
      translateHandler(
        () =>
          new Promise<Response>(() => {
            // never answers; the test's Stop must end it
          }),
      ),
    );
    server.events.on('request:start', ({ request }) => {
      request.signal.addEventListener('abort', () => {
        aborted = true;
      });
    });
    const { user } = await typed(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByText('Translating …', { selector: '.ui-loading__label' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(aborted).toBe(true));
    expect(await screen.findByText('Translation stopped. Your text is still there.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(notifications()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Text to translate')).toHaveValue(GERMAN);
    server.events.removeAllListeners();
  });

  it('clears text and translation and puts the cursor back into the input', async () => {
    const { user, input } = await typed(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText('The report is ready.');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByText('The report is ready.')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing translated yet')).toBeInTheDocument();
  });

  it('copies the translation and says so', async () => {
    const { user } = await typed(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText('The report is ready.');
    // user-event's clipboard stub cannot read back in this jsdom (its Blob is not jsdom's): watch the write.
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy translation' }));
    expect(write).toHaveBeenCalledWith(ENGLISH);
    expect(notifications().map((n) => [n.variant, n.message])).toEqual([['success', { key: 'copy.done', ns: 'translate' }]]);
  });

  it('tells how to copy by hand when the clipboard cannot be used', async () => {
    const { user } = await typed(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText('The report is ready.');
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Copy translation' }));
    await waitFor(() => expect(notifications().map((n) => [n.variant, n.message])).toEqual([['info', { key: 'copy.unavailable', ns: 'translate' }]]));
    expect(window.getSelection()?.toString()).toBe(ENGLISH);
  });

  it('keeps paragraphs and line breaks of the translation', async () => {
    const { user } = await typed(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const first = await screen.findByText('The report is ready.');
    expect(first.parentElement!.textContent).toBe(ENGLISH);
  });
});

describe('translate errors', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('413: shows the server message, counts against the limit it names and keeps the text', async () => {
    server.use(
      translateHandler(() =>
        apiError(413, 'The text has 113 characters; at most 100 characters are allowed.', { limit: { value: 100, unit: 'characters' } }),
      ),
    );
    const text = 'x'.repeat(113);
    const { user, input } = await typed(text);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The text is too long for one translation.');
    expect(alert).toHaveTextContent('The text has 113 characters; at most 100 characters are allowed.');
    expect(alert).toHaveTextContent('Your text has been kept.');
    expect(input).toHaveValue(text);
    expect(await screen.findByText('113 of 100 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled();
  });

  it('502: the engine failed, with its message, and the text is kept (German)', async () => {
    server.use(translateHandler(() => apiError(502, 'DeepL answered 456: quota exceeded')));
    const { user, input } = await typed(GERMAN, 'de');
    await user.click(screen.getByRole('button', { name: 'Übersetzen' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die Übersetzungsmaschine hat einen Fehler gemeldet.');
    expect(alert).toHaveTextContent('DeepL answered 456: quota exceeded');
    expect(input).toHaveValue(GERMAN);
  });

  it.each([
    [400, 'Unsupported target language: xx', 'The engine cannot translate this text or these languages.'],
    [404, 'Translation engine deepl is not available', 'This translation engine is not available right now.'],
    [504, 'The engine did not answer within 30 s', 'The translation took too long.'],
  ])('%i: a clear message with the server message', async (status, message, title) => {
    server.use(translateHandler(() => apiError(status, message)));
    const { user } = await typed(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
  });

  it('an answer that is not a translation is a failure, not garbage on screen', async () => {
    server.use(translateHandler(() => HttpResponse.json({ translation: 'half' })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await typed(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server sent an unexpected answer.');
    expect(screen.queryByText('half')).not.toBeInTheDocument();
  });
});
