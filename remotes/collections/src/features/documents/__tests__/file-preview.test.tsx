import type { CollectionFile, DocumentPage } from '@assistant/contracts';
import { createApiClients, i18n, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import type { DocumentPreviewProps } from '@assistant/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { FileNameButton } from '../components/file-preview';
import { file } from './documents-kit';

// The preview itself (pdf.js) is tested in shared/ui; here a stand-in shows what it was given.
const mockPreviewProps: DocumentPreviewProps[] = [];
jest.mock('@assistant/ui', () => ({
  ...jest.requireActual('@assistant/ui'),
  DocumentPreview: (props: DocumentPreviewProps) => {
    mockPreviewProps.push(props);
    return <section aria-label={props.title}>{props.source.kind === 'text' ? props.source.text : 'pdf pages'}</section>;
  },
}));

const pdf = file({ name: 'Quartal.pdf', fileId: '1b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11' });
const notes = file({ name: 'Notizen.md', fileId: '2b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11', mediaType: 'text/markdown' });
const pages: DocumentPage[] = [
  { reference_id: notes.fileId, page_number: 1, wordcount: 2, text: '# Notizen', bounding_boxes: [] },
  { reference_id: notes.fileId, page_number: 2, wordcount: 2, text: 'Zweite Seite', bounding_boxes: [] },
];
const contentCalls: { id: string; authorization: string | null }[] = [];
const server = setupServer(
  http.get('*/api/files/:fileId/pages', () => HttpResponse.json({ pages })),
  http.get('*/api/files/:fileId/content', ({ params, request }) => {
    contentCalls.push({ id: String(params.fileId), authorization: request.headers.get('authorization') });
    return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token-7', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  mockPreviewProps.length = 0;
  contentCalls.length = 0;
  useNotificationsStore.getState().clear();
});

function renderName(target: CollectionFile) {
  const view = renderWithProviders(<FileNameButton file={target} />, { language: 'en' });
  i18n.addResourceBundle('de', 'collections', de);
  i18n.addResourceBundle('en', 'collections', en);
  return view;
}

describe("a file's name opens its preview and offers the original", () => {
  it('shows a PDF from the original with the bearer header', async () => {
    renderName(pdf);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Quartal.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quartal.pdf' });
    await within(dialog).findByRole('region', { name: 'Quartal.pdf' });
    expect(mockPreviewProps.at(-1)!.source).toEqual({
      kind: 'pdf',
      url: `http://localhost/api/files/${pdf.fileId}/content`,
      fetchInit: { headers: { Authorization: 'Bearer token-7' } },
    });
  });

  it('shows another document as its text, page after page', async () => {
    renderName(notes);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Notizen.md' }));
    const region = await within(await screen.findByRole('dialog', { name: 'Notizen.md' })).findByRole('region', { name: 'Notizen.md' });
    expect(region).toHaveTextContent('# Notizen Zweite Seite');
  });

  it('says a file that is not processed yet has no preview, and downloads the original with the token', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:original';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderName({ ...notes, status: 'processing' });
    await user.click(screen.getByRole('button', { name: 'Notizen.md' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notizen.md' });
    expect(within(dialog).getByText(/The preview appears once the file is processed/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Download original' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:original', download: 'Notizen.md' }]));
    expect(contentCalls).toEqual([{ id: notes.fileId, authorization: 'Bearer token-7' }]);
    expect(created).toHaveLength(1);
    click.mockRestore();
  });
});
