import type { JSONContent } from '@tiptap/core';
import type { MarkdownManager } from '@tiptap/markdown';

const WORD = /[\p{L}\p{N}]/u;

/**
 * Private-use characters that selection-offsets.ts puts into a copy of the document to find where
 * a selection lies in the Markdown; the escaping looks through them, so that they change nothing
 * around them.
 */
export const SENTINELS = /[\uE000\uE001]/;

const neighbour = (text: string, index: number, step: 1 | -1) => {
  let i = index + step;
  while (i >= 0 && i < text.length && SENTINELS.test(text[i]!)) i += step;
  return text[i] ?? '';
};

/**
 * The Markdown of a piece of plain text (not code), escaped only where Markdown would read it
 * otherwise, so a document's text comes out as people write it: `Q&A`, `1 < 2`, `snake_case`.
 * TipTap's own encoder writes `&amp;`, `&lt;` and `\_` everywhere; that is valid but it is not
 * what the model writes back, and every such difference would show as a change between the
 * server's version and the editor's.
 *
 * - `\`, `` ` ``, `*`, `[`, `]`, `~` always (emphasis, code, links, strikethrough);
 * - `_` unless it stands between two letters or digits (CommonMark never reads an intraword `_`
 *   as emphasis);
 * - `&` before something that reads as an entity (`&amp;`, `&#32;`);
 * - `<` before a letter, `/`, `!` or `?` (HTML or an autolink);
 * - outside a link, what GFM would make a link of: the `:` of `http://`, `https://`, `ftp://`,
 *   the `.` of `www.` and the `@` of an address (text from raw HTML, `<a href="https://…">`, or
 *   a link the user took away);
 * - at the start of a paragraph's line, what would start another block: `#`, `>`, `-`/`+` and a
 *   number with `.`/`)` before a space, a line of only `-`, `=` or `_`, `|`; whitespace there is
 *   dropped (Markdown drops it too, and four spaces would start a code block).
 */
export function escapeMarkdownText(text: string, { lineStart, paragraph, link = false }: { lineStart: boolean; paragraph: boolean; link?: boolean }): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if ('\\`*[]~'.includes(char)) out += `\\${char}`;
    else if (!link && startsAutolink(text, i)) out += `\\${char}`;
    else if (char === '_') out += WORD.test(neighbour(text, i, -1)) && WORD.test(neighbour(text, i, 1)) ? '_' : '\\_';
    else if (char === '&') out += /^&#?\w+;/.test(text.slice(i).replace(/[\uE000\uE001]/g, '').slice(0, 34)) ? '\\&' : '&';
    else if (char === '<') out += /[A-Za-z/!?]/.test(neighbour(text, i, 1)) ? '\\<' : '<';
    else out += char;
  }
  if (!paragraph) return out;
  return out
    .split('\n')
    .map((line, index) => (index > 0 || lineStart ? escapeLineStart(line) : line))
    .join('\n');
}

/** The characters just before `index` (sentinels left out). */
const textBefore = (text: string, index: number) => text.slice(Math.max(0, index - 16), index).replace(/[\uE000\uE001]/g, '');

/** True when the character at `index` makes GFM read a link here (see escapeMarkdownText). */
function startsAutolink(text: string, index: number): boolean {
  const char = text[index];
  if (char === ':') return /(?:https?|ftp)$/i.test(textBefore(text, index)) && text.slice(index + 1).replace(/[\uE000\uE001]/g, '').startsWith('//');
  if (char === '.') return /www$/i.test(textBefore(text, index));
  if (char === '@') return /[\w.+-]$/.test(textBefore(text, index)) && /^[\w-]/.test(neighbour(text, index, 1));
  return false;
}

function escapeLineStart(line: string): string {
  const sentinels = /^[\uE000\uE001]*/.exec(line)![0];
  return sentinels + escapeBlockStart(line.slice(sentinels.length));
}

function escapeBlockStart(line: string): string {
  const text = line.replace(/^[ \t]+/, '');
  if (/^[-=]+[ \t]*$/.test(text)) return `\\${text}`;
  if (/^#{1,6}(?:[ \t]|$)/.test(text) || /^[>|]/.test(text) || /^[-+](?:[ \t]|$)/.test(text)) return `\\${text}`;
  const ordered = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(text);
  if (ordered) return `${ordered[1]}\\${text.slice(ordered[1]!.length)}`;
  return text;
}

const isCode = (node: JSONContent, parent?: JSONContent) =>
  parent?.type === 'codeBlock' || (node.marks ?? []).some((mark) => (typeof mark === 'string' ? mark : mark.type) === 'code');

/** True when `node` begins a line of its paragraph (it is the first child or follows a hard break). */
function beginsLine(node: JSONContent, parent?: JSONContent): boolean {
  if (parent?.type !== 'paragraph' || !parent.content) return false;
  const index = parent.content.indexOf(node);
  return index === 0 || parent.content[index - 1]?.type === 'hardBreak';
}

/**
 * Makes `manager` write text with escapeMarkdownText instead of its own encoder (a private method
 * of TipTap's MarkdownManager 3.x, replaced on this instance only; the round-trip tests would
 * notice a change of it in a later version).
 */
export function installCanvasTextEscaping(manager: MarkdownManager): void {
  const target = manager as unknown as { encodeTextForMarkdown: (text: string, node: JSONContent, parent?: JSONContent) => string; canvasEscaping?: true };
  if (target.canvasEscaping) return;
  target.canvasEscaping = true;
  target.encodeTextForMarkdown = (text, node, parent) => {
    if (isCode(node, parent)) return text;
    const link = (node.marks ?? []).some((mark) => (typeof mark === 'string' ? mark : mark.type) === 'link');
    return escapeMarkdownText(text, { lineStart: beginsLine(node, parent), paragraph: parent?.type === 'paragraph', link });
  };
}
