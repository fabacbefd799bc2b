import { act, render, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { UI_TEXTS_EN } from '../../../core/ui-texts';
import { CodeBlock } from '../code-block';
import { highlightCode, loadSegmentHighlighter, type SegmentHighlighter } from '../highlight-code';
import { highlightInSlices, runInSlices, type HighlightProgress } from '../highlight-in-slices';
import { codeSample, SAMPLE_LANGUAGES } from './code-samples';

/** A clock that only moves when told: the highlighter below advances it per character. */
function fakeClock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

/** The real highlighter, costing `msPerChar` of the fake clock per character it is given. */
function costly(highlight: SegmentHighlighter, clock: ReturnType<typeof fakeClock>, msPerChar: number): SegmentHighlighter {
  return (text, first) => {
    clock.advance(text.length * msPerChar);
    return highlight(text, first);
  };
}

const markup = (nodes: React.ReactNode) => renderToStaticMarkup(<>{nodes}</>);

/** Highlights `code` in slices under a fake clock; returns the slices' durations and the final pieces. */
async function sliced(code: string, language: string, msPerChar = 0.01, budgetMs = 8) {
  const highlight = (await loadSegmentHighlighter(language))!;
  const clock = fakeClock();
  const slices: number[] = [];
  let sliceStart = 0;
  let last: HighlightProgress | undefined;
  const done = await highlightInSlices(code, costly(highlight, clock, msPerChar), {
    budgetMs,
    now: clock.now,
    onProgress: (progress) => void (last = progress),
    yieldToMain: async () => {
      slices.push(clock.now() - sliceStart);
      sliceStart = clock.now();
    },
  });
  slices.push(clock.now() - sliceStart);
  return { done, slices, last: last! };
}

describe('runInSlices', () => {
  it('runs steps until the budget is used, then yields; stops when aborted', async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    const perSlice: number[] = [0];
    let steps = 0;
    const finished = runInSlices(
      () => {
        clock.advance(3);
        perSlice[perSlice.length - 1]! += 1;
        steps += 1;
        return steps === 20 ? 'done' : 'more';
      },
      {
        budgetMs: 8,
        now: clock.now,
        signal: controller.signal,
        yieldToMain: async () => {
          perSlice.push(0);
          if (perSlice.length === 4) controller.abort();
        },
      },
    );
    await expect(finished).resolves.toBe(false);
    expect(perSlice).toEqual([3, 3, 3, 0]); // 3 steps of 3 ms reach 8 ms; nothing after the abort
  });
});

describe('highlightInSlices', () => {
  it('splits the work into slices of at most the budget, measured by the injected clock', async () => {
    const code = codeSample('typescript', 10_000);
    const { done, slices, last } = await sliced(code, 'typescript');
    expect(done).toBe(true);
    // 10 KB at 0.01 ms per character is 100 ms of work: at least 13 slices of at most 8 ms.
    expect(slices.length).toBeGreaterThanOrEqual(13);
    expect(Math.max(...slices)).toBeLessThanOrEqual(8);
    expect(last.end).toBe(code.length);
    expect(last.pieces.at(-1)!.end).toBe(code.length);
  });

  it('still advances when a single line costs more than the budget', async () => {
    const { done, slices } = await sliced('const a = 1;\nconst b = 2;\n', 'typescript', 1);
    expect(done).toBe(true);
    expect(slices.length).toBeGreaterThanOrEqual(2);
  });

  it.each(SAMPLE_LANGUAGES)('gives the one-pass tokens for 10 KB of %s', async (language) => {
    const code = codeSample(language, 10_000);
    expect(code.length).toBeGreaterThanOrEqual(10_000);
    const oneShot = markup(await highlightCode(code, language));
    const { last } = await sliced(code, language);
    expect(last.pieces.length).toBeGreaterThan(5); // really in pieces
    expect(last.pieces.map((piece) => markup(piece.nodes)).join('')).toBe(oneShot);
    expect(oneShot).toContain('class="hljs-');
  });
});

describe('CodeBlock highlighting', () => {
  const renderBlock = (code: string, yieldToMain: () => Promise<void>, language = 'typescript') =>
    render(<CodeBlock code={code} language={language} highlight texts={UI_TEXTS_EN} slicing={{ budgetMs: 1, yieldToMain }} />);

  it('shows the plain text first, then highlighted pieces, ending with the one-pass HTML', async () => {
    const code = codeSample('typescript', 10_000);
    const gates: Array<() => void> = [];
    const yieldToMain = () => new Promise<void>((resolve) => gates.push(resolve));
    const { container } = renderBlock(code, yieldToMain);
    const element = container.querySelector('pre > code')!;
    expect(element.textContent).toBe(code);
    expect(element.querySelector('span')).toBeNull();

    // Slice by slice: highlighted pieces replace the start of the plain text, which stays the same text.
    const nextSlice = async () => {
      await waitFor(() => expect(gates.length).toBeGreaterThan(0));
      await act(async () => gates.shift()!());
    };
    while (!element.querySelector('.hljs-keyword')) await nextSlice();
    expect(element.textContent).toBe(code);
    expect(element.lastChild?.nodeType).toBe(Node.TEXT_NODE); // the plain rest
    expect(element.lastChild!.textContent!.length).toBeGreaterThan(code.length / 2);
    const firstSlice = element.innerHTML;

    // The remaining slices (each yields once; the last one does not).
    // The one-pass result as the DOM writes it (renderToStaticMarkup escapes more, e.g. ').
    const parsed = document.createElement('code');
    parsed.innerHTML = markup(await highlightCode(code, 'typescript'));
    const oneShot = parsed.innerHTML;
    while (element.innerHTML !== oneShot) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      if (gates.length === 0) break; // finished: the last slice does not yield
      await act(async () => gates.shift()!());
    }
    expect(element.innerHTML).not.toBe(firstSlice);
    expect(element.innerHTML).toBe(oneShot);
    expect(container.querySelectorAll('pre')).toHaveLength(1);
    expect(container.querySelectorAll('pre > code')).toHaveLength(1);
  });

  it('stops highlighting when unmounted or when the code changes', async () => {
    const code = codeSample('python', 10_000);
    const gates: Array<() => void> = [];
    const yieldToMain = () => new Promise<void>((resolve) => gates.push(resolve));
    const view = renderBlock(code, yieldToMain, 'python');
    await waitFor(() => expect(gates).toHaveLength(1));

    // A new code: the old run stops at its next slice, a new one starts from plain text.
    view.rerender(<CodeBlock code={'x = 1\n'} language="python" highlight texts={UI_TEXTS_EN} slicing={{ budgetMs: 1, yieldToMain }} />);
    const element = view.container.querySelector('pre > code')!;
    await waitFor(() => expect(element.textContent).toBe('x = 1\n'));
    await act(async () => gates.shift()!());
    await waitFor(() => expect(element.querySelector('.hljs-number')).toHaveTextContent('1'));
    expect(element.textContent).toBe('x = 1\n');

    // Unmounted mid-way: no further slice runs (no more yields), nothing is set on the gone block.
    const again = renderBlock(code, yieldToMain, 'python');
    await waitFor(() => expect(gates).toHaveLength(1));
    const errors = jest.spyOn(console, 'error');
    again.unmount();
    await act(async () => gates.shift()!());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(gates).toHaveLength(0);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
