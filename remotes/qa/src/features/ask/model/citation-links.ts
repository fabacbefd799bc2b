import { CITATION_PATTERN } from '@assistant/contracts';

/** The in-page anchor of source n (counted from 1): the id of its entry in the sources panel. */
export const sourceAnchor = (n: number) => `qa-source-${n}`;

/** The source number an anchor names, or undefined when it is not one of ours. */
export function sourceNumberOf(href: string | null): number | undefined {
  const match = /^#qa-source-(\d{1,3})$/.exec(href ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Fenced code blocks and inline code: citations inside them stay text. */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g;

/**
 * The answer's Markdown with each citation marker (`[1]`, `[1, 2]`) turned into in-page links
 * `[\[1\]](#qa-source-1)`, which the answer view opens as that source. Markers inside code, a
 * marker that already starts a Markdown link (`[1](...)`, `[1]:`) and numbers below 1 stay as
 * they are.
 */
export function linkCitations(markdown: string): string {
  return markdown
    .split(CODE)
    .map((part, index) => (index % 2 === 1 ? part : linkPart(part)))
    .join('');
}

function linkPart(text: string): string {
  return text.replace(CITATION_PATTERN, (marker: string, numbers: string, offset: number) => {
    const next = text[offset + marker.length];
    if (next === '(' || next === ':' || text[offset - 1] === '\\') return marker;
    const list = numbers.split(',').map((n) => Number(n.trim()));
    if (list.some((n) => n < 1)) return marker;
    return list.map((n) => `[\\[${n}\\]](#${sourceAnchor(n)})`).join('');
  });
}
