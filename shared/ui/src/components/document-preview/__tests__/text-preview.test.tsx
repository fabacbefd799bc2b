import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentPreview } from '../document-preview';
import { mergeRanges, splitText } from '../highlight-ranges';
import { DOCUMENT_PREVIEW_TEXTS_EN } from '../texts';

const TEXT = 'The quick brown fox jumps over the lazy dog';

describe('mergeRanges / splitText', () => {
  it('clamps, drops empty ranges, sorts and merges overlapping and adjacent ranges', () => {
    expect(
      mergeRanges(
        [
          { start: 16, end: 19 },
          { start: 7, end: 15 },
          { start: 4, end: 9 },
          { start: 19, end: 25 },
          { start: 5, end: 5 },
          { start: -3, end: 0 },
          { start: 40, end: 100 },
        ],
        TEXT.length,
      ),
    ).toEqual([
      { start: 4, end: 15 },
      { start: 16, end: 25 },
      { start: 40, end: 43 },
    ]);
  });

  it('cuts the text into plain and marked segments that join back to the text', () => {
    const segments = splitText(TEXT, [{ start: 0, end: 3 }, { start: 40, end: 43 }]);
    expect(segments).toEqual([{ text: 'The', highlight: 0 }, { text: ' quick brown fox jumps over the lazy ' }, { text: 'dog', highlight: 1 }]);
    expect(segments.map((s) => s.text).join('')).toBe(TEXT);
  });
});

describe('DocumentPreview (text)', () => {
  let scrollTo: jest.Mock;
  beforeEach(() => {
    scrollTo = jest.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this.dataset.highlight;
      const top = index === undefined ? 0 : 1000 + Number(index) * 200;
      return { top, left: 0, width: 100, height: index === undefined ? 300 : 20, right: 100, bottom: top + 20, x: 0, y: top, toJSON: () => ({}) };
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  });

  const highlights = [
    { start: 16, end: 19 },
    { start: 7, end: 15 },
    { start: 4, end: 9 },
    { start: 19, end: 25 },
    { start: 40, end: 100 },
  ];

  it('is a labelled region with marks at the merged offsets, scrolled to the first one', async () => {
    render(<DocumentPreview title="notes.txt" source={{ kind: 'text', text: TEXT }} highlights={highlights} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    const region = screen.getByRole('region', { name: 'notes.txt' });
    const content = await within(region).findByRole('group', { name: 'Document content' });
    expect(content).toHaveTextContent(TEXT);
    const marks = content.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['quick brown', 'fox jumps', 'dog']);
    expect(marks[0]).toHaveAttribute('aria-current', 'true');
    // The scroll area (not the page) moves the first mark a third from its top: 1000 - 300 / 3.
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 900 }));
  });

  it('moves between highlights with next/previous (wrapping) and announces them politely', async () => {
    const user = userEvent.setup();
    render(<DocumentPreview title="notes.txt" source={{ kind: 'text', text: TEXT }} highlights={highlights} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    const next = await screen.findByRole('button', { name: 'Next highlight' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    await user.click(next);
    expect(status).toHaveTextContent('Highlight 2 of 3: fox jumps');
    expect(screen.getByText('fox jumps')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('quick brown')).not.toHaveAttribute('aria-current');
    expect(next).toHaveFocus();
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 1100 }));

    const previous = screen.getByRole('button', { name: 'Previous highlight' });
    await user.click(previous);
    expect(status).toHaveTextContent('Highlight 1 of 3: quick brown');
    await user.click(previous);
    expect(status).toHaveTextContent('Highlight 3 of 3: dog');
    expect(screen.getByText('dog')).toHaveClass('ui-document-preview__mark--active');
  });

  it('shows plain text without navigation when there are no highlights; German by default', async () => {
    render(<DocumentPreview title="a.txt" source={{ kind: 'text', text: 'Hallo <b>Welt</b>' }} />);
    expect(await screen.findByRole('group', { name: 'Dokumentinhalt' })).toHaveTextContent('Hallo <b>Welt</b>');
    expect(document.querySelector('b')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('starts over at the first highlight when the highlights change', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<DocumentPreview title="n" source={{ kind: 'text', text: TEXT }} highlights={highlights} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    await user.click(await screen.findByRole('button', { name: 'Next highlight' }));
    rerender(<DocumentPreview title="n" source={{ kind: 'text', text: TEXT }} highlights={[{ start: 35, end: 39 }]} texts={DOCUMENT_PREVIEW_TEXTS_EN} />);
    expect(screen.getByText('lazy')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
