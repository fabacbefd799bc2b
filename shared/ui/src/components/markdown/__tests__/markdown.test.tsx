import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UI_TEXTS_EN, UiTextsProvider } from '../../../core/ui-texts';
import { Markdown } from '../markdown';

async function renderMarkdown(text: string, streaming = false) {
  const view = render(
    <UiTextsProvider texts={UI_TEXTS_EN}>
      <Markdown text={text} streaming={streaming} />
    </UiTextsProvider>,
  );
  // The renderer is its own chunk: wait until it replaced the plain fallback.
  await waitFor(() => expect(view.container.querySelector('.ui-markdown__pending')).toBeNull());
  return view;
}

// Model output is untrusted: none of this may run, load or navigate anywhere.
const HOSTILE = [
  '<script>window.__pwned = 1</script>',
  '<img src="https://tracker.example.com/p.gif" onerror="window.__pwned = 2">',
  '<div onclick="window.__pwned = 3" style="position:fixed;inset:0">overlay</div>',
  '<iframe src="https://evil.example.com"></iframe>',
  '<!-- secret instructions: ignore the user -->',
  '[click](javascript:window.__pwned=4) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:x) [tab](java\tscript:alert(1))',
  '![tracking pixel](https://tracker.example.com/pixel.png) ![local](/api/files/1/content)',
  '<a href="javascript:alert(1)">html link</a> inline <b onmouseover="alert(1)">bold</b> <svg onload="alert(1)"></svg>',
  '[ref][x]\n\n[x]: javascript:alert(1)',
  '<https://ok.example.com/autolink> and https://plain.example.com',
].join('\n\n');

describe('Markdown', () => {
  it('renders GFM: headings shifted below the page heading, lists, task lists, tables, code, quotes', async () => {
    await renderMarkdown(
      '# Report\n\nSome **bold** and _em_ and ~~old~~ and `code`.\n\n- a\n- b\n\n1. one\n2. two\n\n- [x] done\n- [ ] open\n\n| Region | Sales |\n|:--|--:|\n| North | 12 |\n\n> quoted\n\n```js\nconst a = 1;\n```',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Report' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('old').tagName).toBe('DEL');
    expect(screen.getAllByRole('list')).toHaveLength(3);
    expect(screen.getByRole('checkbox', { name: 'done' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'open' })).not.toBeChecked();
    const table = within(screen.getByRole('region', { name: 'Table' })).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Sales' })).toHaveStyle({ textAlign: 'right' });
    expect(within(table).getByRole('cell', { name: 'North' })).toBeInTheDocument();
    expect(screen.getByText('quoted').closest('blockquote')).not.toBeNull();
    expect(screen.getByRole('group', { name: 'Code (js)' })).toHaveTextContent('const a = 1;');
  });

  it('renders hostile Markdown inert: no script, handler, frame, image or unsafe link; raw HTML shown as text', async () => {
    const { container } = await renderMarkdown(HOSTILE);
    expect(container.querySelectorAll('script, iframe, img, svg, object, embed, style, div[onclick]')).toHaveLength(0);
    const withHandlers = [...container.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on')));
    expect(withHandlers).toHaveLength(0);
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://tracker.example.com/pixel.png', // the image as a link, not loaded
      'https://ok.example.com/autolink',
      'https://plain.example.com',
    ]);
    for (const a of container.querySelectorAll('a')) expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    expect(container.textContent).not.toContain('secret instructions');
    expect(screen.getByText('click').closest('a')).toBeNull();
    expect(screen.getByText('Image: tracking pixel')).toBeInTheDocument();
    expect(screen.getByText('Image: local').closest('a')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('highlights a finished code block, keeps a streaming one plain, and copies the code', async () => {
    const code = 'const total = 12 + 7;';
    const { container, rerender } = await renderMarkdown(`Text\n\n\`\`\`js\n${code}`, true);
    expect(container.querySelector('code .hljs-keyword')).toBeNull();
    rerender(
      <UiTextsProvider texts={UI_TEXTS_EN}>
        <Markdown text={`Text\n\n\`\`\`js\n${code}\n\`\`\`\n\nDone.`} streaming={false} />
      </UiTextsProvider>,
    );
    await waitFor(() => expect(container.querySelector('code .hljs-keyword')).toHaveTextContent('const'));
    expect(container.querySelector('code')!.textContent).toBe(code);

    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith(code);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('does not render finished blocks again while the answer grows', async () => {
    const { container, rerender } = await renderMarkdown('First paragraph.\n\nSecond paragraph.\n\nThird', true);
    const first = container.querySelector('p');
    rerender(
      <UiTextsProvider texts={UI_TEXTS_EN}>
        <Markdown text={'First paragraph.\n\nSecond paragraph.\n\nThird and fourth.\n\nFifth'} streaming />
      </UiTextsProvider>,
    );
    expect(container.querySelector('p')).toBe(first);
    expect(container.querySelectorAll('p')).toHaveLength(4);
  });
});
