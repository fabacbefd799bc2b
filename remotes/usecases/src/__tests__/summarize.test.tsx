import { CANVAS_HANDOFF_KEY } from '@assistant/contracts';
import { useGatingStore } from '@assistant/platform';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import {
  DOCUMENT_ID,
  apiError,
  collectionHandlers,
  controlledStream,
  expectStopBetweenParts,
  file,
  handlers,
  openStream,
  part,
  progressBar,
  progressLine,
  renderAt,
  resetUseCases,
  streamOf,
  violations,
} from './usecases-kit';

jest.setTimeout(20_000);
configure({ asyncUtilTimeout: 5000 });

const bodies: unknown[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetUseCases();
  useGatingStore.setState({ flags: {} });
  bodies.length = 0;
  server.resetHandlers(
    ...handlers(),
    http.post('*/api/summarize', async ({ request }) => {
      bodies.push(await request.json());
      return streamOf('- The report ', 'is ready.');
    }),
  );
});

const output = () => document.querySelector('.usecases__output')?.textContent;

describe('summarize', () => {
  it('summarizes pasted text with the chosen length, form and language; the summary streams in and is announced', async () => {
    await renderAt('/usecases/summarize');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Text to summarize' }), 'A long report.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Length' }), 'short');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Form' }), 'decisions_and_actions');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language of the result' }), 'de');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(output()).toBe('The report is ready.'));
    expect(bodies).toEqual([{ text: 'A long report.', length: 'short', form: 'decisions_and_actions', language: 'de' }]);
    expect(await screen.findByText('The text is complete.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    // Without the chat there is no canvas to open the summary in.
    expect(screen.queryByRole('button', { name: 'Open in canvas' })).toBeNull();
    expect(await violations()).toEqual([]);
  });

  it("hands the summary to the chat's canvas: the text is kept for the chat page, which is opened", async () => {
    useGatingStore.setState({ flags: { enableChat: true } });
    await renderAt('/usecases/summarize');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Text to summarize' }), 'A long report.');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(output()).toBe('The report is ready.'));
    await user.click(screen.getByRole('button', { name: 'Open in canvas' }));
    expect(JSON.parse(sessionStorage.getItem(CANVAS_HANDOFF_KEY) ?? 'null')).toEqual({ title: 'Summary', markdown: '- The report is ready.' });
    // The chat page is opened (outside this remote's routes: the summary page is gone).
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Text to summarize' })).toBeNull());
  });

  it('asks for a text before sending, tied to the field', async () => {
    await renderAt('/usecases/summarize');
    await userEvent.click(await screen.findByRole('button', { name: 'Summarize' }));
    const field = screen.getByRole('textbox', { name: 'Text to summarize' });
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Please paste a text.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('stops a running summary and keeps what arrived', async () => {
    server.use(http.post('*/api/summarize', () => openStream('First part')));
    await renderAt('/usecases/summarize');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Text to summarize' }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(output()).toBe('First part'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Stopped: the text may be incomplete.')).toBeInTheDocument();
  });

  it('says a 413 with its limit', async () => {
    server.use(http.post('*/api/summarize', () => apiError(413, 'Text too long', { code: 'payload_too_large', limit: { value: 100000, unit: 'characters' } })));
    await renderAt('/usecases/summarize');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Text to summarize' }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too large: at most 100,000 characters.');
  });

  it('uploads a file as multipart with the options, and refuses an unsupported one before sending', async () => {
    const forms: FormData[] = [];
    server.use(
      http.post('*/api/summarize/file', async ({ request }) => {
        forms.push(await request.formData());
        return streamOf('File summary.');
      }),
    );
    await renderAt('/usecases/summarize');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('radio', { name: 'Upload a file' }));
    const input = screen.getByLabelText('File');
    await user.upload(input, file('binary', 'song.mp3', 'audio/mpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported.');
    await user.upload(input, file('# Notes', 'notes.md', 'text/markdown'));
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(output()).toBe('File summary.'));
    expect(forms).toHaveLength(1);
    expect((forms[0]!.get('file') as File).name).toBe('notes.md');
    expect(forms[0]!.get('form')).toBe('key_points');
  });

  it('names the accepted file types in the language of the page', async () => {
    await renderAt('/usecases/summarize', '/usecases/summarize', 'de');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('radio', { name: 'Datei hochladen' }));
    const input = screen.getByLabelText('Datei');
    expect(input).toHaveAccessibleDescription('PDF-, Word-, HTML-, Markdown- oder Textdateien bis 1 MB. Die Datei wird für die Zusammenfassung gelesen und nicht gespeichert.');
    await user.upload(input, file('binary', 'lied.mp3', 'audio/mpeg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unterstützt werden PDF-, Word- (.docx), HTML-, Markdown- und Textdateien.');
  });

  it('says a 415 of the server', async () => {
    server.use(http.post('*/api/summarize/file', () => apiError(415, 'Not a document', { code: 'unsupported_media_type' })));
    await renderAt('/usecases/summarize');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Upload a file' }));
    await user.upload(screen.getByLabelText('File'), file('x', 'notes.txt', 'text/plain'));
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file type is not supported.');
    expect(within(alert).getByText('Not a document')).toBeInTheDocument();
  });

  it('summarizes a processed document picked from a collection (documents still being processed are not offered)', async () => {
    server.use(...collectionHandlers());
    await renderAt('/usecases/summarize');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Document from my collections' }));
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    // Nothing picked: the collection comes first.
    expect(screen.getByRole('combobox', { name: 'Collection' })).toHaveAccessibleDescription('Please choose a document.');
    expect(screen.getByRole('combobox', { name: 'Collection' })).toHaveFocus();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Collection' }), await screen.findByRole('option', { name: 'Handbook' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Document' }), await screen.findByRole('option', { name: 'Travel policy.pdf' }));
    expect(screen.queryByRole('option', { name: 'Draft.docx' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Summarize' }));
    await waitFor(() => expect(output()).toBe('The report is ready.'));
    expect(bodies).toEqual([{ file_id: DOCUMENT_ID, length: 'medium', form: 'key_points', language: 'en' }]);
  });

  describe('a text longer than the model reads at once', () => {
    const says = (text: string) => waitFor(() => expect(progressLine()).toHaveTextContent(text));

    it('shows which part is read, then the merge, then the summary as it streams', async () => {
      const stream = controlledStream();
      server.use(http.post('*/api/summarize', () => stream.response()));
      await renderAt('/usecases/summarize');
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'Text to summarize' }), 'A very long report.');
      await user.click(screen.getByRole('button', { name: 'Summarize' }));

      stream.push(part(1, 3));
      await says('Reading part 1 of 3 …');
      expect(screen.getByText('The text is longer than the model reads at once: it is read in parts, then the parts are merged.')).toBeInTheDocument();
      expect([progressBar()?.value, progressBar()?.max]).toEqual([0, 3]);
      stream.push(part(2, 3));
      await says('Reading part 2 of 3 …');
      expect(progressBar()?.value).toBe(1);
      // Announced politely, part by part (the visible line is hidden from screen readers).
      expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Reading part 2 of 3 …');
      stream.push(part(3, 3), { kind: 'progress', stage: 'combine', current: 1, total: 2 });
      await says('Merging the parts: step 1 of 2 …');
      stream.push({ kind: 'progress', stage: 'combine', current: 1, total: 1 });
      await says('Merging the parts …');
      expect(progressBar()?.value).toBe(1);
      expect(await violations()).toEqual([]);

      stream.push(
        { kind: 'stream_text', event: { stream_id: 's1', type: 'begin' } },
        { kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta: 'The whole report.' } },
      );
      await waitFor(() => expect(output()).toBe('The whole report.'));
      expect(progressBar()).toBeNull();
      stream.push({ kind: 'stream_text', event: { stream_id: 's1', type: 'end' } }, { kind: 'done' });
      stream.end();
      expect(await screen.findByText('The text is complete.')).toBeInTheDocument();
      expect(progressBar()).toBeNull();
    });

    it('counts in German, and the stop button ends the work between parts', async () => {
      const stream = controlledStream();
      server.use(http.post('*/api/summarize', () => stream.response()));
      await renderAt('/usecases/summarize', '/usecases/summarize', 'de');
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'Text zum Zusammenfassen' }), 'Ein sehr langer Bericht.');
      await user.click(screen.getByRole('button', { name: 'Zusammenfassen' }));
      await expectStopBetweenParts(stream, user);
    });
  });
});
