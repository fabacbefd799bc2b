import type { DocumentPage } from '@assistant/contracts';
import { useNotificationsStore } from '@assistant/platform';
import type { DocumentPreviewProps } from '@assistant/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { COLLECTION_ID, fake, file, handlers, resetDocumentsState } from './documents-kit';
import { renderRemoteAt } from '@assistant/platform/testing';
import remote from '../../../module';

// The preview itself (pdf.js) is tested in shared/ui and in the browser; here a stand-in shows what it was given.
const mockPreviewProps: DocumentPreviewProps[] = [];
jest.mock('@assistant/ui', () => ({
  ...jest.requireActual('@assistant/ui'),
  DocumentPreview: (props: DocumentPreviewProps) => {
    mockPreviewProps.push(props);
    return <section aria-label={props.title}>{props.source.kind === 'text' ? props.source.text : 'pdf pages'}</section>;
  },
}));

// A sentence over a page break: "Die Pauschale beträgt" ends page 1, "48 Euro." begins page 2.
const pdf = file({ name: 'Reisekosten.pdf', mediaType: 'application/pdf' });
const notes = file({ name: 'Notizen.md', mediaType: 'text/markdown; charset=utf-8' });
const word = (anchor: number, left: number, right: number, top: number) => ({ left, right, top, bottom: top + 0.02, anchor_point: anchor });
const pages: Record<string, DocumentPage[]> = {
  [pdf.fileId]: [
    { reference_id: pdf.fileId, page_number: 1, wordcount: 4, text: 'Einleitung.\nDie Pauschale beträgt', bounding_boxes: [word(0, 0.1, 0.3, 0.1), word(12, 0.1, 0.16, 0.9), word(16, 0.18, 0.4, 0.9), word(26, 0.42, 0.56, 0.9)] },
    { reference_id: pdf.fileId, page_number: 2, wordcount: 3, text: '48 Euro.\nAnhang.', bounding_boxes: [word(0, 0.1, 0.14, 0.1), word(3, 0.16, 0.26, 0.1), word(9, 0.1, 0.24, 0.2)] },
  ],
  [notes.fileId]: [{ reference_id: notes.fileId, page_number: 1, wordcount: 4, text: '# Notizen\n\nDie Pauschale gilt.', bounding_boxes: [] }],
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetDocumentsState();
  server.resetHandlers(...handlers(), http.get('*/api/files/:fileId/pages', ({ params }) => HttpResponse.json({ pages: pages[params.fileId as string] ?? [] })));
  fake.files = [pdf, notes];
  mockPreviewProps.length = 0;
  useNotificationsStore.getState().clear();
});

const open = (query: string, language: 'de' | 'en' = 'en') => renderRemoteAt(remote, '/collections', `/collections/${COLLECTION_ID}?${query}`, language);

describe("a source's URL opens its collection with the cited characters marked", () => {
  it('marks a passage over a page break on both pages as one highlight, and closing keeps the collection', async () => {
    await open(`file=${pdf.fileId}&at=1:12-33,2:0-8`);
    const dialog = await screen.findByRole('dialog', { name: 'Reisekosten.pdf' });
    expect(within(dialog).getByText('The cited passage is marked on pages 1 to 2.')).toBeInTheDocument();
    await within(dialog).findByRole('region', { name: 'Reisekosten.pdf' });
    const props = mockPreviewProps.at(-1)!;
    expect(props.source).toEqual({ kind: 'pdf', url: `http://localhost/api/files/${pdf.fileId}/content`, fetchInit: { headers: { Authorization: 'Bearer token' } } });
    expect(props).toMatchObject({
      initialPage: 1,
      highlights: [
        { pageNumber: 1, group: 0, boxes: [{ left: 0.1, top: 0.9, right: 0.56, bottom: 0.92 }] },
        { pageNumber: 2, group: 0, boxes: [{ left: 0.1, top: 0.1, right: 0.26, bottom: 0.12 }] },
      ],
    });

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close the preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Handbooks' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Documents in this collection' })).toBeInTheDocument();
  });

  it('marks a text document in its text (German)', async () => {
    await open(`file=${notes.fileId}&at=1:11-30`, 'de');
    const dialog = await screen.findByRole('dialog', { name: 'Notizen.md' });
    expect(within(dialog).getByText('Die zitierte Stelle ist auf Seite 1 markiert.')).toBeInTheDocument();
    await within(dialog).findByRole('region', { name: 'Notizen.md' });
    expect(mockPreviewProps.at(-1)).toMatchObject({ source: { kind: 'text', text: '# Notizen\n\nDie Pauschale gilt.' }, highlights: [{ start: 11, end: 30 }] });
  });

  it('opens the whole file when the ranges are missing or broken', async () => {
    await open(`file=${pdf.fileId}&at=eins`);
    const dialog = await screen.findByRole('dialog', { name: 'Reisekosten.pdf' });
    await within(dialog).findByRole('region', { name: 'Reisekosten.pdf' });
    expect(mockPreviewProps.at(-1)).toMatchObject({ source: { kind: 'pdf' }, highlights: [] });
  });

  it('says so when the file is no longer in the collection, which stays on screen', async () => {
    await open(`file=00000000-0000-4000-8000-999999999999&at=1:0-5`);
    await waitFor(() =>
      expect(useNotificationsStore.getState().notifications.map((n) => ('text' in n.message ? n.message.text : n.message.key))).toEqual([
        'The cited document is no longer in this collection.',
      ]),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Handbooks' })).toBeInTheDocument();
  });
});
