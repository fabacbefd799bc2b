import type { ReactNode } from 'react';
import axe from 'axe-core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentPreview } from '../document-preview';
import { DOCUMENT_PREVIEW_TEXTS_EN } from '../texts';

const mockGetDocument = jest.fn();
jest.mock('pdfjs-dist', () => ({ GlobalWorkerOptions: {}, getDocument: (...args: unknown[]) => mockGetDocument(...args) }));
jest.mock('../pdf-worker', () => ({ pdfWorkerSrc: () => '/pdf.worker.mjs' }));

// Rules that need real layout (jsdom has none) are left to the browser end-to-end run.
const LAYOUT_RULES = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable'];

async function violations() {
  const result = await axe.run(document, { rules: Object.fromEntries(LAYOUT_RULES.map((id) => [id, { enabled: false }])) });
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.html) }));
}

function Page({ children }: { children: ReactNode }) {
  return (
    <main>
      <h1>Document</h1>
      {children}
    </main>
  );
}

describe('DocumentPreview accessibility (axe-core)', () => {
  beforeEach(() => {
    document.documentElement.lang = 'en';
    document.title = 'Preview';
  });

  it('text preview with highlights, after navigating', async () => {
    const user = userEvent.setup();
    render(
      <Page>
        <DocumentPreview title="notes.txt" source={{ kind: 'text', text: 'Alpha beta gamma delta' }} highlights={[{ start: 6, end: 10 }, { start: 17, end: 22 }]} texts={DOCUMENT_PREVIEW_TEXTS_EN} />
      </Page>,
    );
    await user.click(await screen.findByRole('button', { name: 'Next highlight' }));
    expect(await violations()).toEqual([]);
  });

  it('PDF preview with pages and highlight boxes', async () => {
    const page = { getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }), render: () => ({ promise: Promise.resolve(), cancel() {} }) };
    const doc = { numPages: 2, getPage: async () => page, destroy: async () => undefined };
    mockGetDocument.mockReturnValue({ promise: Promise.resolve(doc), destroy: async () => undefined });
    render(
      <Page>
        <DocumentPreview
          title="report.pdf"
          source={{ kind: 'pdf', data: new Uint8Array([1]) }}
          highlights={[{ pageNumber: 2, text: 'the passage', boxes: [{ left: 0.1, top: 0.1, right: 0.5, bottom: 0.2 }] }]}
          passageText="the passage"
          texts={DOCUMENT_PREVIEW_TEXTS_EN}
        />
      </Page>,
    );
    await screen.findAllByRole('listitem');
    // Let the page drawing settle (it measures the pages and updates state).
    await waitFor(() => expect(document.querySelectorAll('canvas[data-rendered]')).toHaveLength(2));
    expect(await violations()).toEqual([]);
  });
});
