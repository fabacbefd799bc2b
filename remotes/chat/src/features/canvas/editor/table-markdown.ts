import type { JSONContent, MarkdownRendererHelpers } from '@tiptap/core';

type Align = 'left' | 'right' | 'center' | null;

const alignOf = (cell: JSONContent): Align => {
  const align: unknown = cell.attrs?.align;
  return align === 'left' || align === 'right' || align === 'center' ? align : null;
};

const DELIMITER: Record<'left' | 'right' | 'center' | 'none', string> = { left: ':---', right: '---:', center: ':---:', none: '---' };

/** `|` outside backslash escapes becomes `\|` (a cell stays one cell, also inside code spans). */
const escapePipes = (text: string) => text.replace(/\\.|\|/g, (match) => (match === '|' ? '\\|' : match));

/**
 * A GFM table in the canvas's normalised form: `| a | b |` rows without padding, a `| --- |`
 * delimiter row (with `:` for alignment) and no blank line of its own before or after (the
 * document puts one blank line between blocks). TipTap's own renderer pads every column to its
 * widest cell, so a change in one cell would change the text of all rows; without padding a cell's
 * text sits at fixed offsets and a rewrite of one cell replaces exactly that cell's characters.
 * Line breaks inside a cell become `<br>` (the parser reads them back as hard breaks).
 */
export function renderTableMarkdown(node: JSONContent, h: MarkdownRendererHelpers): string {
  const rows = (node.content ?? []).map((row) =>
    (row.content ?? []).map((cell) => {
      const raw = (cell.content ?? []).map((child) => h.renderChildren(child)).join('\n');
      const text = escapePipes(raw.replace(/[ \t]*\r?\n[ \t]*/g, '<br>').replace(/\s+/g, ' ').trim());
      return { text, header: cell.type === 'tableHeader', align: alignOf(cell) };
    }),
  );
  const columns = rows.reduce((max, row) => Math.max(max, row.length), 0);
  if (columns === 0) return '';
  const hasHeader = rows[0]!.some((cell) => cell.header);
  const aligns = Array.from({ length: columns }, (_, i) => rows.map((row) => row[i]?.align ?? null).find((align) => align) ?? null);
  const line = (texts: string[]) => `| ${texts.join(' | ')} |`;
  const textsOf = (row: (typeof rows)[number]) => Array.from({ length: columns }, (_, i) => row[i]?.text ?? '');
  const head = hasHeader ? textsOf(rows[0]!) : Array.from({ length: columns }, () => '');
  const body = hasHeader ? rows.slice(1) : rows;
  return [line(head), line(aligns.map((align) => DELIMITER[align ?? 'none'])), ...body.map((row) => line(textsOf(row)))].join('\n');
}
