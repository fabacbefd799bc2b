import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentPreview } from '../document-preview';
import type { PdfHighlight } from '../pdf-preview';
import { UI_TEXTS_EN, UiTextsProvider } from '../../../core/ui-texts';
import { DOCUMENT_PREVIEW_TEXTS_EN } from '../texts';

// jsdom has no canvas drawing and no import.meta: pdf.js and the worker URL are mocked.
const mockGetDocument = jest.fn();
const mockGlobalWorkerOptions: { workerSrc?: string } = {};
jest.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: mockGlobalWorkerOptions,
  getDocument: (...args: unknown[]) => mockGetDocument(...args),
}));
jest.mock('../pdf-worker', () => ({ pdfWorkerSrc: () => '/assets/pdf.worker.min.mjs' }));

function fakePage(pageNumber: number) {
  return {
    pageNumber,
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale, scale }),
    render: jest.fn(() => ({ promise: Promise.resolve(), cancel: jest.fn() })),
  };
}

function fakeDocument(numPages: number) {
  const pages = Array.from({ length: numPages }, (_, i) => fakePage(i + 1));
  return {
    numPages,
    pages,
    getPage: jest.fn(async (n: number) => pages[n - 1]),
    destroy: jest.fn(async () => undefined),
  };
}

function loadingTask(result: Promise<unknown>) {
  return { promise: result, destroy: jest.fn(async () => undefined) };
}

const HIGHLIGHTS: PdfHighlight[] = [
  { pageNumber: 1, boxes: [{ left: 0.1, top: 0.2, right: 0.5, bottom: 0.25 }] },
  // One passage across the page break from page 2 to page 3.
  { pageNumber: 2, group: 'p2', text: 'across the break', boxes: [{ left: 0.1, top: 0.9, right: 0.9, bottom: 0.95 }, { left: 0.1, top: 0.95, right: 0.4, bottom: 0.98 }] },
  { pageNumber: 3, group: 'p2', boxes: [{ left: 0.12, top: 0.05, right: 0.6, bottom: 0.1 }] },
];

const bytes = () => new Uint8Array([0x25, 0x50, 0x44, 0x46]);

function boxesOf(page: HTMLElement) {
  return [...page.querySelectorAll<HTMLElement>('mark')];
}

describe('DocumentPreview (PDF)', () => {
  beforeEach(() => {
    mockGetDocument.mockReset();
    delete mockGlobalWorkerOptions.workerSrc;
  });

  it('loads with isEvalSupported false, lists the pages and draws highlight boxes in percent on the right pages', async () => {
    const doc = fakeDocument(3);
    mockGetDocument.mockReturnValue(loadingTask(Promise.resolve(doc)));
    const data = bytes();
    render(<DocumentPreview title="report.pdf" source={{ kind: 'pdf', data }} highlights={HIGHLIGHTS} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);

    const region = screen.getByRole('region', { name: 'report.pdf' });
    expect(within(region).getByRole('status')).toBeInTheDocument(); // loading
    const list = await within(region).findByRole('list');
    const pages = within(list).getAllByRole('listitem');
    expect(pages.map((p) => p.getAttribute('aria-label'))).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);

    expect(mockGetDocument).toHaveBeenCalledTimes(1);
    expect(mockGetDocument).toHaveBeenCalledWith(expect.objectContaining({ isEvalSupported: false, enableXfa: false, data: expect.any(Uint8Array) }));
    expect(mockGetDocument.mock.calls[0][0].data).not.toBe(data); // a copy: the caller's bytes are not detached
    expect(mockGlobalWorkerOptions.workerSrc).toBe('/assets/pdf.worker.min.mjs');

    const [page1, page2, page3] = pages as [HTMLElement, HTMLElement, HTMLElement];
    const [box1] = boxesOf(page1);
    expect(box1).toHaveStyle({ left: '10%', top: '20%', width: '40%', height: '5%' });
    expect(boxesOf(page1)).toHaveLength(1);
    expect(boxesOf(page2)).toHaveLength(2);
    expect(boxesOf(page2)[0]).toHaveStyle({ left: '10%', top: '90%', width: '80%', height: '5%' });
    expect(boxesOf(page3)).toHaveLength(1);
    expect(boxesOf(page3)[0]).toHaveStyle({ left: '12%', top: '5%', width: '48%', height: '5%' });
    // The passage across the break is one highlight on both pages.
    expect([...boxesOf(page2), ...boxesOf(page3)].map((b) => b.dataset.stop)).toEqual(['1', '1', '1']);
    expect(boxesOf(page2)[0]).toHaveTextContent('across the break');

    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 of 3');
    // Pages are drawn into canvases (no IntersectionObserver in jsdom: current, neighbours, highlighted pages).
    await waitFor(() => expect(doc.pages[0]!.render).toHaveBeenCalledWith(expect.objectContaining({ canvas: expect.any(HTMLCanvasElement) })));
    // Only a canvas and marks: no annotation layer, no links.
    expect(region.querySelector('a')).toBeNull();
  });

  it('navigates between highlights (a passage across pages counts once), updating the page indicator', async () => {
    const user = userEvent.setup();
    mockGetDocument.mockReturnValue(loadingTask(Promise.resolve(fakeDocument(3))));
    render(<DocumentPreview title="report.pdf" source={{ kind: 'pdf', data: bytes() }} highlights={HIGHLIGHTS} passageText="The marked words" texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    await screen.findByRole('list');
    expect(screen.getByText(/Marked passage: The marked words/)).toHaveClass('ui-visually-hidden');

    await user.click(screen.getByRole('button', { name: 'Next highlight' }));
    expect(screen.getByRole('status')).toHaveTextContent('Highlight 2 of 2: across the break');
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 of 3');
    const active = document.querySelectorAll('.ui-document-preview__box--active');
    expect(active).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Next highlight' }));
    expect(screen.getByRole('status')).toHaveTextContent('Highlight 1 of 2: The marked words');
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 of 3');
  });

  it('zooms in and out; boxes keep their percent positions', async () => {
    const user = userEvent.setup();
    mockGetDocument.mockReturnValue(loadingTask(Promise.resolve(fakeDocument(3))));
    render(<DocumentPreview title="r" source={{ kind: 'pdf', data: bytes() }} highlights={HIGHLIGHTS} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    const [page1] = await screen.findAllByRole('listitem');
    expect(screen.getByText('100 %')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('125 %')).toBeInTheDocument();
    expect(page1).toHaveStyle({ width: '125%' });
    expect(boxesOf(page1!)[0]).toHaveStyle({ left: '10%', width: '40%' });
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByText('50 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  it('shows the page count for a document without highlights and starts at initialPage', async () => {
    mockGetDocument.mockReturnValue(loadingTask(Promise.resolve(fakeDocument(5))));
    render(<DocumentPreview title="r" source={{ kind: 'pdf', data: bytes() }} initialPage={2} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    expect(await screen.findByTestId('page-indicator')).toHaveTextContent('Page 2 of 5');
    expect(screen.queryByRole('button', { name: 'Next highlight' })).toBeNull();
    expect(document.querySelectorAll('mark')).toHaveLength(0);
  });

  it('fetches a URL with the caller’s headers', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(bytes(), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    mockGetDocument.mockReturnValue(loadingTask(Promise.resolve(fakeDocument(1))));
    render(<DocumentPreview title="r" source={{ kind: 'pdf', url: '/api/files/1/content', fetchInit: { headers: { Authorization: 'Bearer t' } } }} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    await screen.findByRole('list');
    expect(fetchMock).toHaveBeenCalledWith('/api/files/1/content', expect.objectContaining({ headers: { Authorization: 'Bearer t' }, signal: expect.any(AbortSignal) }));
    expect(mockGetDocument.mock.calls[0][0].data).toEqual(bytes());
    fetchMock.mockRestore();
  });

  it('shows an error state with retry when loading fails, and loads on retry', async () => {
    const user = userEvent.setup();
    const broken = Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' });
    mockGetDocument.mockReturnValueOnce(loadingTask(Promise.reject(broken))).mockReturnValueOnce(loadingTask(Promise.resolve(fakeDocument(3))));
    render(
      <UiTextsProvider texts={UI_TEXTS_EN}>
        <DocumentPreview title="r" source={{ kind: 'pdf', data: bytes() }} highlights={HIGHLIGHTS} texts={DOCUMENT_PREVIEW_TEXTS_EN} />
      </UiTextsProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The document could not be loaded.');
    expect(alert).toHaveTextContent('The file is not a readable PDF.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(mockGetDocument).toHaveBeenCalledTimes(2);
  });

  it('shows an error state when the server answers with an error', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('nope', { status: 404 }));
    render(<DocumentPreview title="r" source={{ kind: 'pdf', url: '/api/files/x' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Das Dokument konnte nicht geladen werden.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(mockGetDocument).not.toHaveBeenCalled();
    fetchMock.mockRestore();
  });

  it('says when a PDF is password-protected', async () => {
    const locked = Object.assign(new Error('No password given'), { name: 'PasswordException' });
    mockGetDocument.mockReturnValue(loadingTask(Promise.reject(locked)));
    render(<DocumentPreview title="r" source={{ kind: 'pdf', data: bytes() }} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The document is password-protected.');
  });

  it('does not load again when re-rendered with an equal inline source and highlights, but does for a new URL', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(bytes(), { status: 200 }));
    mockGetDocument.mockImplementation(() => loadingTask(Promise.resolve(fakeDocument(3))));
    const view = (url: string) => (
      <DocumentPreview title="r" source={{ kind: 'pdf', url, fetchInit: { headers: { Authorization: 'Bearer t' } } }} highlights={HIGHLIGHTS.map((h) => ({ ...h }))} texts={DOCUMENT_PREVIEW_TEXTS_EN} />
    );
    const { rerender } = render(view('/a.pdf'));
    await screen.findByRole('list');
    rerender(view('/a.pdf'));
    expect(screen.getByRole('list')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    rerender(view('/b.pdf'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenLastCalledWith('/b.pdf', expect.anything());
    await screen.findByRole('list');
    fetchMock.mockRestore();
  });

  it('destroys the document when unmounted', async () => {
    const doc = fakeDocument(2);
    mockGetDocument.mockReturnValue(loadingTask(Promise.resolve(doc)));
    const { unmount } = render(<DocumentPreview title="r" source={{ kind: 'pdf', data: bytes() }} />);
    await screen.findByRole('list');
    unmount();
    expect(doc.destroy).toHaveBeenCalled();
  });
});
