import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  APP_ID,
  DOCUMENT_ID,
  collectionHandlers,
  controlledStream,
  customApp,
  expectStopBetweenParts,
  handlers,
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
let answer: () => Response;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetUseCases();
  bodies.length = 0;
  answer = () => streamOf('Deadlines: ', 'none.');
  const app = customApp({
    name: 'Deadlines',
    template: 'List every deadline about {{topic}}.',
    variables: [{ name: 'topic', label: 'Topic', kind: 'short_text', required: true, max_length: 50 }],
  });
  server.resetHandlers(
    ...handlers(),
    ...collectionHandlers(),
    http.get(`*/api/custom-apps/${APP_ID}`, () => HttpResponse.json(app)),
    http.post(`*/api/custom-apps/${APP_ID}/run`, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
});

const output = () => document.querySelector('.usecases__output')?.textContent;

describe('running a custom app over a document', () => {
  it('asks for a document once the box is ticked, sends its file_id with the values, and shows the parts read', async () => {
    const stream = controlledStream();
    answer = () => stream.response();
    await renderAt('/usecases', `/usecases/${APP_ID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Topic' }), 'travel');
    // The form alone needs no collections.
    expect(screen.queryByRole('combobox', { name: 'Collection' })).toBeNull();
    const overDocument = screen.getByRole('checkbox', { name: 'Run it over a document from my collections' });
    expect(overDocument).toHaveAccessibleDescription("The app's instruction is then carried out on the document. A long document is read in parts.");
    await user.click(overDocument);

    await user.click(screen.getByRole('button', { name: 'Run' }));
    const collection = screen.getByRole('combobox', { name: 'Collection' });
    expect(collection).toHaveAccessibleDescription('Please choose a document.');
    expect(collection).toHaveFocus();
    await user.selectOptions(collection, await screen.findByRole('option', { name: 'Handbook' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const documentSelect = screen.getByRole('combobox', { name: 'Document' });
    expect(documentSelect).toHaveAccessibleDescription('Please choose a document.');
    expect(documentSelect).toHaveFocus();
    expect(bodies).toEqual([]);
    // Only processed documents have text to work with.
    expect(screen.queryByRole('option', { name: 'Draft.docx' })).toBeNull();
    await user.selectOptions(documentSelect, await screen.findByRole('option', { name: 'Travel policy.pdf' }));
    expect(documentSelect).not.toHaveAccessibleDescription('Please choose a document.');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(bodies).toEqual([{ values: { topic: 'travel' }, file_id: DOCUMENT_ID }]));
    stream.push(part(3, 12));
    await waitFor(() => expect(progressLine()).toHaveTextContent('Reading part 3 of 12 …'));
    expect([progressBar()?.value, progressBar()?.max]).toEqual([2, 12]);
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Reading part 3 of 12 …');
    stream.push({ kind: 'progress', stage: 'combine', current: 1, total: 1 });
    await waitFor(() => expect(progressLine()).toHaveTextContent('Merging the parts …'));
    stream.push(
      { kind: 'stream_text', event: { stream_id: 's1', type: 'begin' } },
      { kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta: 'Claims within 30 days.' } },
      { kind: 'stream_text', event: { stream_id: 's1', type: 'end' } },
      { kind: 'done' },
    );
    stream.end();
    await waitFor(() => expect(output()).toBe('Claims within 30 days.'));
    expect(await screen.findByText('The text is complete.')).toBeInTheDocument();
    expect(progressBar()).toBeNull();

    // Untick the box: the app runs on its form alone again.
    answer = () => streamOf('Deadlines: ', 'none.');
    await user.click(overDocument);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(output()).toBe('Deadlines: none.'));
    expect(bodies.at(-1)).toEqual({ values: { topic: 'travel' } });
  });

  it('counts the parts in German, and "Anhalten" stops the run between parts', async () => {
    const stream = controlledStream();
    answer = () => stream.response();
    await renderAt('/usecases', `/usecases/${APP_ID}`, 'de');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Topic' }), 'Reisen');
    await user.click(screen.getByRole('checkbox', { name: 'Auf ein Dokument aus meinen Sammlungen anwenden' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sammlung' }), await screen.findByRole('option', { name: 'Handbook' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dokument' }), await screen.findByRole('option', { name: 'Travel policy.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Ausführen' }));
    await expectStopBetweenParts(stream, user);
    expect(bodies).toEqual([{ values: { topic: 'Reisen' }, file_id: DOCUMENT_ID }]);
  });
});
