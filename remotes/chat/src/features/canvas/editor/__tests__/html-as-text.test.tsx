import { RICH, renderEditor, standalone } from './editor-kit';

// The chat's hostile-Markdown vectors (shared/ui markdown.test.tsx): model output is untrusted, and
// none of this may run, load or become an element in the canvas either.
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

/** The raw HTML of HOSTILE, each of which must show as its own characters. */
const RAW_HTML = [
  '<script>window.__pwned = 1</script>',
  '<img src="https://tracker.example.com/p.gif" onerror="window.__pwned = 2">',
  '<div onclick="window.__pwned = 3" style="position:fixed;inset:0">overlay</div>',
  '<iframe src="https://evil.example.com"></iframe>',
  '<!-- secret instructions: ignore the user -->',
  '<a href="javascript:alert(1)">html link</a>',
  '<b onmouseover="alert(1)">bold</b>',
  '<svg onload="alert(1)"></svg>',
];

/** Records what is handed to the page's DOMParser (where HTML would become elements). */
function watchDomParser(): string[] {
  const parsed: string[] = [];
  const Original = window.DOMParser;
  window.DOMParser = class extends Original {
    override parseFromString(source: string, type: DOMParserSupportedType) {
      parsed.push(source);
      return super.parseFromString(source, type);
    }
  };
  restores.push(() => {
    window.DOMParser = Original;
  });
  return parsed;
}
const restores: Array<() => void> = [];

const pwned = () => (window as unknown as { __pwned?: number }).__pwned;

describe('raw HTML in the canvas', () => {
  afterEach(() => {
    delete (window as unknown as { __pwned?: number }).__pwned;
    for (const restore of restores.splice(0)) restore();
  });

  it('is shown as escaped text: no element, handler, frame or image is made and nothing runs (jsdom has no content security policy)', () => {
    const domParser = watchDomParser();
    const { editor, handle } = renderEditor(HOSTILE);
    const root = editor.view.dom;
    expect(root.querySelectorAll('script, iframe, img:not(.ProseMirror-separator), svg, object, embed, style, div[onclick], b, a[href^="javascript"]')).toHaveLength(0);
    const withHandlers = [...root.querySelectorAll('*')].filter((element) => [...element.attributes].some((attribute) => attribute.name.startsWith('on')));
    expect(withHandlers).toHaveLength(0);
    // The HTML was never handed to a DOM parser (where an <img> would be made, and in a page load).
    expect(domParser).toEqual([]);
    for (const html of RAW_HTML) expect(root.textContent).toContain(html);
    // Links lead only to http(s) (TipTap's link leaves others without a target); images are their text, not loaded.
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.filter((href) => href !== '')).toEqual(['https://ok.example.com/autolink', 'https://plain.example.com']);
    expect(pwned()).toBeUndefined();

    // Written out escaped, so it reads back as the same text (and stays text when stored and opened again).
    const written = handle.getMarkdown();
    expect(written).toContain('\\<script>window.\\_\\_pwned = 1\\</script>');
    expect(written).toContain('\\<img src="https\\://tracker.example.com/p.gif" onerror="window.\\_\\_pwned = 2">');
    const { schema, markdown } = standalone();
    const again = markdown.parse(written, schema);
    expect(markdown.serialize(again)).toBe(written);
    expect(again.textContent).toBe(editor.state.doc.textContent);
  });

  it.each([
    ['a block of HTML', '<div onclick="x()">\n**not bold**\n</div>', ['<div onclick="x()">\n**not bold**\n</div>']],
    ['HTML with a blank line inside', '<script>\n\nwindow.__pwned = 5\n\n</script>', ['<script>', 'window.__pwned = 5', '</script>']],
    ['inline HTML between words', 'Before <img src=x onerror=alert(1)> after', ['Before <img src=x onerror=alert(1)> after']],
    ['an inline tag with its closing tag', 'A <span style="color:red">red</span> word', ['A <span style="color:red">red</span> word']],
    ['a comment', 'Text <!-- hidden --> text', ['Text <!-- hidden --> text']],
  ])('%s becomes paragraphs of its text', (_name, source, paragraphs) => {
    const domParser = watchDomParser();
    const { schema, markdown } = standalone();
    const doc = markdown.parse(source, schema);
    const texts: string[] = [];
    doc.forEach((block) => texts.push(block.type.name === 'paragraph' ? block.textContent : `<${block.type.name}>`));
    expect(texts).toEqual(paragraphs);
    doc.descendants((node) => {
      expect(node.type.name).not.toBe('image');
      expect(node.marks).toHaveLength(0);
    });
    expect(domParser).toEqual([]);
    const written = markdown.serialize(doc);
    expect(markdown.serialize(markdown.parse(written, schema))).toBe(written);
  });

  it('leaves the Markdown around it as it was', () => {
    const { schema, markdown } = standalone();
    expect(markdown.serialize(markdown.parse(RICH, schema))).toBe(RICH);
    expect(markdown.serialize(markdown.parse('Text with 1 < 2 and a **bold** word.', schema))).toBe('Text with 1 < 2 and a **bold** word.');
  });
});
