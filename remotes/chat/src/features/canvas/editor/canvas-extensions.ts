import type { Extensions } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';
import { CanvasImage } from './canvas-image';
import { renderTableMarkdown } from './table-markdown';

/**
 * The document model of the canvas: what Markdown can say and nothing more, so that every
 * document the editor can hold comes out as Markdown and reads back the same. StarterKit without
 * underline (Markdown has none) and without the trailing empty paragraph (it would add a blank
 * line at the end of every document ending in a table or code block; the gap cursor reaches the
 * place after such a block instead), GFM tables whose cells hold paragraphs (a cell is one line of
 * Markdown), images kept as their text (canvas-image.ts) and TipTap's Markdown extension (marked)
 * for reading and writing.
 */
export function canvasExtensions(): Extensions {
  return [
    StarterKit.configure({
      underline: false,
      trailingNode: false,
      link: { openOnClick: false, autolink: true, linkOnPaste: true, defaultProtocol: 'https' },
      undoRedo: { depth: 200 },
    }),
    Table.extend({ renderMarkdown: renderTableMarkdown }).configure({ resizable: false, renderWrapper: true, allowTableNodeSelection: true }),
    TableRow,
    TableHeader.extend({ content: 'paragraph+' }),
    TableCell.extend({ content: 'paragraph+' }),
    CanvasImage,
    Markdown.configure({ indentation: { style: 'space', size: 2 } }),
  ];
}
