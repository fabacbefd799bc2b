import { convert } from 'html-to-text';
import { normalizeNewlines } from './text';

/**
 * HTML to plain text with html-to-text: it only reads the markup (no requests for images, styles
 * or frames); scripts, styles and other non-content elements are dropped, links keep their text
 * only, images their alt text not at all.
 */
export function parseHtml(bytes: Uint8Array): { text: string; title?: string } {
  // Not strict: browsers read broken bytes in HTML too, as replacement characters.
  const html = new TextDecoder('utf-8').decode(bytes);
  const text = convert(html, {
    wordwrap: false,
    preserveNewlines: false,
    selectors: [
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'noscript', format: 'skip' },
      { selector: 'template', format: 'skip' },
      { selector: 'head', format: 'skip' },
      { selector: 'svg', format: 'skip' },
      { selector: 'iframe', format: 'skip' },
      { selector: 'object', format: 'skip' },
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'h5', options: { uppercase: false } },
      { selector: 'h6', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
  const titleMatch = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const title = titleMatch?.[1] ? convert(titleMatch[1], { wordwrap: false }).trim() : undefined;
  return { text: normalizeNewlines(text).trim(), ...(title ? { title } : {}) };
}
