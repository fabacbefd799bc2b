import type { DocumentPage, SearchHit } from '@assistant/contracts';
import { createApiClients, i18n, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import type { DocumentPreviewProps, PdfDocumentPreviewProps } from '@assistant/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { CollectionSearch } from '../components/collection-search';

// The preview itself (pdf.js, boxes over pages) is tested in shared/ui and in the browser; here
// it is a stand-in that shows what it was given.
const mockPreviewProps: DocumentPreviewProps[] = [];
jest.mock('@assistant/ui', () => ({
  ...jest.requireActual('@assistant/ui'),
  DocumentPreview: (props: DocumentPreviewProps) => {
    mockPreviewProps.push(props);
    return <section aria-label={props.title}>{props.source.kind === 'text' ? props.source.text : 'pdf pages'}</section>;
  },
}));

const COLLECTION = '9b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11';
const PDF_ID = '1b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11';
const MD_ID = '2b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11';
const pageText = 'Einleitung.\nDie Berichte des Quartals\nsind geprüft.';
const passage = 'Die Berichte des Quartals\nsind geprüft.';
const box = (anchor: number, top: number) => ({ left: 0.1, right: 0.9, top, bottom: top + 0.02, anchor_point: anchor });
const pages: Record<string, DocumentPage[]> = {
  [PDF_ID]: [
    { reference_id: PDF_ID, page_number: 1, wordcount: 2, text: 'Deckblatt', bounding_boxes: [box(0, 0.1)] },
    { reference_id: PDF_ID, page_number: 2, wordcount: 7, text: pageText, bounding_boxes: [box(0, 0.1), box(12, 0.2), box(37, 0.3)] },
  ],
  [MD_ID]: [{ reference_id: MD_ID, page_number: 1, wordcount: 7, text: `# Notizen\n\n${passage}`, bounding_boxes: [] }],
};
const hit = (overrides: Partial<SearchHit>): SearchHit => ({
  passage_id: '0b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11',
  collection_id: COLLECTION,
  file_id: PDF_ID,
  file_name: 'Quartal.pdf',
  media_type: 'application/pdf',
  page_number: 2,
  start_offset: 12,
  end_offset: 12 + passage.length,
  text: passage,
  score: 0.4567,
  highlights: [{ start: 4, end: 12 }],
  ...overrides,
});
const hits = [
  hit({}),
  hit({ passage_id: '3b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11', file_id: MD_ID, file_name: 'Notizen.md', media_type: 'text/markdown', page_number: 1, start_offset: 11, end_offset: 11 + passage.length, score: 0.1 }),
];

const queries: string[] = [];
const server = setupServer(
  http.get('*/api/collections/:id/search', ({ request, params }) => {
    const q = new URL(request.url).searchParams.get('q')!;
    queries.push(q);
    if (params.id !== COLLECTION) return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'no' }, { status: 404 });
    if (q === 'kaputt') return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, { status: 500 });
    return HttpResponse.json({ hits: q === 'Bericht' ? hits : [] });
  }),
  http.get('*/api/files/:fileId/pages', ({ params }) => HttpResponse.json({ pages: pages[params.fileId as string] ?? [] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token-7', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  queries.length = 0;
  mockPreviewProps.length = 0;
});

function renderSearch(language: 'de' | 'en' = 'en') {
  const view = renderWithProviders(<CollectionSearch collectionId={COLLECTION} collectionName="Berichte" />, { language });
  i18n.addResourceBundle('de', 'collections', de);
  i18n.addResourceBundle('en', 'collections', en);
  return view;
}

async function searchFor(words: string, language: 'de' | 'en' = 'en') {
  const user = userEvent.setup();
  renderSearch(language);
  await user.type(screen.getByRole('searchbox'), words);
  await user.keyboard('{Enter}');
  return user;
}

describe('search inside a collection', () => {
  it('lists the passages with the matched words marked, their document, page and score', async () => {
    await searchFor('Bericht');
    expect(await screen.findByRole('status')).toHaveTextContent('2 passages found for “Bericht”.');
    const items = within(screen.getByRole('list', { name: 'Passages found' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Quartal.pdf' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Page 2');
    // The unbounded rank in words, relative to the best hit (0.4567 vs 0.1), not "Score 0.46".
    expect(items[0]).toHaveTextContent('Very relevant');
    expect(items[1]).toHaveTextContent('Related');
    expect(items[0]).not.toHaveTextContent('0.46');
    expect([...items[0]!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Berichte']);
    expect(first.getByRole('button', { name: 'Show the passage in Quartal.pdf, page 2' })).toBeInTheDocument();
  });

  it('opens a PDF hit in the preview: the file with the bearer header, the passage\'s lines on its page', async () => {
    const user = await searchFor('Bericht');
    await user.click(await screen.findByRole('button', { name: 'Show the passage in Quartal.pdf, page 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quartal.pdf' });
    expect(within(dialog).getByText('The passage found is marked on page 2.')).toBeInTheDocument();
    await within(dialog).findByRole('region', { name: 'Quartal.pdf' });
    const props = mockPreviewProps.at(-1)!;
    expect(props.source).toEqual({
      kind: 'pdf',
      url: `http://localhost/api/files/${PDF_ID}/content`,
      fetchInit: { headers: { Authorization: 'Bearer token-7' } },
    });
    expect(props).toMatchObject({ passageText: passage, initialPage: 2 });
    const highlights = (props as PdfDocumentPreviewProps).highlights ?? [];
    expect(highlights.map((h) => [h.pageNumber, h.boxes.map((b) => b.top)])).toEqual([[2, [0.2, 0.3]]]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show the passage in Quartal.pdf, page 2' })).toHaveFocus();
  });

  it('shows a text document as its text with the passage marked', async () => {
    const user = await searchFor('Bericht');
    await user.click(await screen.findByRole('button', { name: 'Show the passage in Notizen.md, page 1' }));
    await within(await screen.findByRole('dialog', { name: 'Notizen.md' })).findByRole('region', { name: 'Notizen.md' });
    const props = mockPreviewProps.at(-1)!;
    expect(props.source).toEqual({ kind: 'text', text: `# Notizen\n\n${passage}` });
    expect(props.highlights).toEqual([{ start: 11, end: 11 + passage.length }]);
  });

  it('says when nothing matches, asks for words before searching, and offers a retry after a failure', async () => {
    const user = await searchFor('   ');
    expect(screen.getByText('Please enter a word to search for.')).toBeInTheDocument();
    expect(queries).toEqual([]);

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'Urlaub{Enter}');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No passage matches “Urlaub”.');

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'kaputt{Enter}');
    expect(await screen.findByRole('heading', { name: 'The search failed' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queries.filter((q) => q === 'kaputt')).toHaveLength(2));
  });

  it('speaks German', async () => {
    await searchFor('Bericht', 'de');
    expect(await screen.findByRole('status')).toHaveTextContent('2 Textstellen für „Bericht“ gefunden.');
    expect(screen.getAllByText('Sehr relevant')).toHaveLength(1);
    expect(screen.getAllByText('Verwandt')).toHaveLength(1);
    expect(screen.getByRole('search', { name: 'In Berichte suchen' })).toBeInTheDocument();
  });
});
