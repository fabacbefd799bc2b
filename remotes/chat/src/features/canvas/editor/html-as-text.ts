import type { JSONContent } from '@tiptap/core';
import type { MarkdownManager } from '@tiptap/markdown';

interface HtmlToken {
  raw?: string;
  text?: string;
  block?: boolean;
}

/**
 * The paragraphs of a block of raw HTML as text: split where Markdown would split them (a blank
 * line), so the text written out reads back as the same paragraphs.
 */
function htmlBlockAsText(html: string): JSONContent[] {
  return html
    .trim()
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => ({ type: 'paragraph', content: [{ type: 'text', text: part }] }));
}

/**
 * Makes `manager` read raw HTML in Markdown as the text it is, never as HTML: a model's answer or a
 * pasted text is untrusted (DESIGN section 8), and TipTap's MarkdownManager would otherwise parse
 * the HTML with the DOM and keep what the schema knows (an `<img onerror>` as an image, a `<div>`
 * as a paragraph, a `<script>` dropped). Every `html` token marked makes (a block, an inline tag,
 * an inline tag with its closing tag and what lies between, a comment) goes through the
 * manager's `parseHTMLToken`, a private method of TipTap's MarkdownManager 3.x replaced on this
 * instance only (the hostile-Markdown tests would notice a change of it in a later version).
 * The text is written out escaped (`\<img …>`, markdown-text.ts), so it stays text.
 */
export function installHtmlAsText(manager: MarkdownManager): void {
  const target = manager as unknown as { parseHTMLToken: (token: HtmlToken) => JSONContent | JSONContent[] | null; canvasHtmlAsText?: true };
  if (target.canvasHtmlAsText) return;
  target.canvasHtmlAsText = true;
  target.parseHTMLToken = (token) => {
    const html = String(token.raw ?? token.text ?? '');
    if (html.trim() === '') return null;
    return token.block ? htmlBlockAsText(html) : { type: 'text', text: html };
  };
}
