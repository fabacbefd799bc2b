import type { DocumentPage, SourceLocation } from '@assistant/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { createApiClients, ServerStateProvider, setApiClients } from '@assistant/platform';
import '@assistant/platform/testing';
import { useFilePreview, useSourcePreview, type SourcePreviewState } from '../use-source-preview';

const COLLECTION = '9b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11';
const PDF_ID = '1b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11';
const MD_ID = '2b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11';

// A sentence over a page break: "... beträgt ab 2026" ends page 1, "48 Euro." begins page 2.
const page1Text = 'Einleitung.\nDie Pauschale beträgt';
const page2Text = '48 Euro.\nAnhang.';
const word = (anchor: number, left: number, right: number, top: number) => ({ left, right, top, bottom: top + 0.02, anchor_point: anchor });
const pdfPages: DocumentPage[] = [
  {
    reference_id: PDF_ID,
    page_number: 1,
    wordcount: 4,
    text: page1Text,
    // Einleitung. | Die Pauschale beträgt
    bounding_boxes: [word(0, 0.1, 0.3, 0.1), word(12, 0.1, 0.16, 0.9), word(16, 0.18, 0.4, 0.9), word(26, 0.42, 0.56, 0.9)],
  },
  {
    reference_id: PDF_ID,
    page_number: 2,
    wordcount: 3,
    text: page2Text,
    // 48 Euro. | Anhang.
    bounding_boxes: [word(0, 0.1, 0.14, 0.1), word(3, 0.16, 0.26, 0.1), word(9, 0.1, 0.24, 0.2)],
  },
];
const mdPages: DocumentPage[] = [
  { reference_id: MD_ID, page_number: 1, wordcount: 2, text: 'Erste Seite', bounding_boxes: [] },
  { reference_id: MD_ID, page_number: 2, wordcount: 2, text: 'Zweite Seite', bounding_boxes: [] },
];
const pages: Record<string, DocumentPage[]> = { [PDF_ID]: pdfPages, [MD_ID]: mdPages };

const pageRequests: string[] = [];
let failPages = 0;
const server = setupServer(
  http.get('*/api/files/:fileId/pages', ({ params }) => {
    pageRequests.push(params.fileId as string);
    if (failPages > 0) {
      failPages -= 1;
      return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, { status: 500 });
    }
    const found = pages[params.fileId as string];
    return found ? HttpResponse.json({ pages: found }) : HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'no' }, { status: 404 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token-9', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  pageRequests.length = 0;
  failPages = 0;
});

const wrapper = ({ children }: { children: ReactNode }) => <ServerStateProvider>{children}</ServerStateProvider>;
const ready = (state: SourcePreviewState) => {
  if (state.status !== 'ready') throw new Error(`not ready: ${state.status}`);
  return state.preview;
};

// The source: "Die Pauschale beträgt" (page 1, 12..33) + "\n" + "48 Euro." (page 2, 0..8).
const location: SourceLocation = {
  collectionId: COLLECTION,
  fileId: PDF_ID,
  segments: [
    { page: 1, start: 12, end: 33 },
    { page: 2, start: 0, end: 8 },
  ],
};
const sourceText = 'Die Pauschale beträgt\n48 Euro.';

describe('useSourcePreview', () => {
  it('marks a PDF passage over a page break as one highlight with exact boxes on both pages', async () => {
    // Highlight "beträgt\n48 Euro" of the source text.
    const start = sourceText.indexOf('beträgt');
    const end = sourceText.indexOf('.', start);
    const { result } = renderHook(() => useSourcePreview(location, { mediaType: 'application/pdf', highlightRanges: [{ start, end }], text: sourceText }), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const preview = ready(result.current);
    if (preview.source.kind !== 'pdf') throw new Error('expected a PDF');
    expect(preview.source.url).toMatch(new RegExp(`/api/files/${PDF_ID}/content$`));
    expect(preview.source.fetchInit.headers).toMatchObject({ Authorization: 'Bearer token-9' });
    expect(preview).toMatchObject({
      initialPage: 1,
      passageText: sourceText,
      highlights: [
        { pageNumber: 1, group: 0, text: 'beträgt\n48 Euro', boxes: [{ left: 0.42, top: 0.9, right: 0.56, bottom: 0.92 }] },
        // "48 Euro" without its full stop: 4 of the 5 characters of "Euro." (0.1 wide).
        { pageNumber: 2, group: 0, text: 'beträgt\n48 Euro', boxes: [{ left: 0.1, top: 0.1, right: 0.24, bottom: 0.12 }] },
      ],
    });
  });

  it('knows a PDF by its boxes when the media type is not given, and marks the whole source without ranges', async () => {
    const { result } = renderHook(() => useSourcePreview(location), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const preview = ready(result.current);
    expect(preview.source.kind).toBe('pdf');
    expect(preview.highlights).toEqual([
      { pageNumber: 1, group: 0, boxes: [{ left: 0.1, top: 0.9, right: 0.56, bottom: 0.92 }] },
      { pageNumber: 2, group: 0, boxes: [{ left: 0.1, top: 0.1, right: 0.26, bottom: 0.12 }] },
    ]);
  });

  it('shows any other document as its text with the marks', async () => {
    const md: SourceLocation = { collectionId: COLLECTION, fileId: MD_ID, segments: [{ page: 1, start: 6, end: 11 }, { page: 2, start: 0, end: 6 }] };
    const { result } = renderHook(() => useSourcePreview(md, { mediaType: 'text/markdown' }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(ready(result.current)).toEqual({ source: { kind: 'text', text: 'Erste Seite\n\nZweite Seite' }, highlights: [{ start: 6, end: 19 }] });
  });

  it('reports a failed load with a retry that loads again', async () => {
    failPages = 1;
    const { result } = renderHook(() => useSourcePreview(location, { mediaType: 'application/pdf' }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('error'));
    const state = result.current;
    if (state.status !== 'error') return;
    act(() => state.retry());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(pageRequests).toEqual([PDF_ID, PDF_ID]);
  });

  it('shows the source as its own text when the document no longer holds it at the location', async () => {
    const changed = 'Die Pauschale betrug\n48 Euro.';
    const { result } = renderHook(() => useSourcePreview(location, { mediaType: 'application/pdf', text: changed, highlightRanges: [{ start: 4, end: 13 }] }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(ready(result.current)).toEqual({ source: { kind: 'text', text: changed }, highlights: [{ start: 4, end: 13 }] });
  });

  it('is idle without a location', () => {
    const { result } = renderHook(() => useSourcePreview(null), { wrapper });
    expect(result.current).toEqual({ status: 'idle' });
    expect(pageRequests).toEqual([]);
  });
});

describe('useFilePreview', () => {
  it('opens a whole PDF without asking for its pages', async () => {
    const { result } = renderHook(() => useFilePreview(PDF_ID, { mediaType: 'application/pdf' }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(ready(result.current)).toMatchObject({ source: { kind: 'pdf' }, highlights: [] });
    expect(pageRequests).toEqual([]);
  });

  it('waits while not enabled, then shows a text document whole', async () => {
    const { result, rerender } = renderHook(({ enabled }) => useFilePreview(MD_ID, { mediaType: 'text/markdown', enabled }), { wrapper, initialProps: { enabled: false } });
    expect(result.current.status).toBe('loading');
    expect(pageRequests).toEqual([]);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(ready(result.current)).toEqual({ source: { kind: 'text', text: 'Erste Seite\n\nZweite Seite' }, highlights: [] });
  });
});
