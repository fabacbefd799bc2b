import type { JSONContent } from '@tiptap/core';
import type { MarkdownManager } from '@tiptap/markdown';
import { Fragment, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import { installHtmlAsText } from './html-as-text';
import { installCanvasTextEscaping } from './markdown-text';

/** What TipTap writes for the second and later of consecutive empty paragraphs. */
const isEmptyOutput = (markdown: string) => markdown.replace(/&nbsp;|\u00a0/g, '').trim() === '';

const isEmptyParagraph = (node: ProseMirrorNode) => node.type.name === 'paragraph' && node.childCount === 0;

/** The text of a JSON node, for a block the schema cannot hold. */
const textOf = (json: JSONContent): string => (json.text ?? '') + (json.content ?? []).map(textOf).join(json.content && !json.content.some((c) => c.type === 'text') ? '\n' : '');

/**
 * Markdown in and out for the canvas, over TipTap's MarkdownManager (marked); raw HTML in it is
 * read as text (html-as-text.ts).
 *
 * The document's Markdown is its top-level blocks joined by one blank line (that is how the
 * Document extension writes it), so it is written block by block and each block's text is kept
 * for as long as the block itself is unchanged (ProseMirror shares unchanged nodes between
 * states): after a keystroke only the edited block is written again, and the Markdown of a
 * 20-page document costs a join, not a serialisation. `serialize(doc)` equals the manager's
 * `serialize(doc.toJSON())` (tested).
 */
export class CanvasMarkdown {
  private readonly blockCache = new WeakMap<ProseMirrorNode, string>();

  constructor(readonly manager: MarkdownManager) {
    installCanvasTextEscaping(manager);
    installHtmlAsText(manager);
  }

  /** Markdown of the top-level block `index` of `doc` (or of `block` standing at that index). */
  block(doc: ProseMirrorNode, index: number, block: ProseMirrorNode = doc.child(index)): string {
    const cached = this.blockCache.get(block);
    if (cached !== undefined) return cached;
    const json = block.toJSON() as JSONContent;
    // An empty paragraph's text depends on the block before it (TipTap writes `&nbsp;` for the
    // second of two): the only renderer that reads its context; those are not kept.
    const previous = index > 0 ? (doc.child(index - 1).toJSON() as JSONContent) : undefined;
    const parent: JSONContent = { type: 'doc', content: previous ? [previous, json] : [json] };
    const markdown = this.manager.renderNodeToMarkdown(json, parent, previous ? 1 : 0, 0);
    if (!isEmptyParagraph(block)) this.blockCache.set(block, markdown);
    return markdown;
  }

  /** The Markdown of each top-level block, in order. */
  blocks(doc: ProseMirrorNode): string[] {
    const parts: string[] = [];
    doc.forEach((block, _offset, index) => parts.push(this.block(doc, index, block)));
    return parts;
  }

  serialize(doc: ProseMirrorNode): string {
    const markdown = this.blocks(doc).join('\n\n');
    return isEmptyOutput(markdown) ? '' : markdown;
  }

  /** The document of `markdown` in `schema` (an empty document holds one empty paragraph). */
  parse(markdown: string, schema: Schema): ProseMirrorNode {
    return schema.topNodeType.create(null, this.parseBlocks(markdown, schema));
  }

  /**
   * The blocks of `markdown`. A block the schema cannot hold (the parser knows more than the
   * canvas does) becomes a paragraph of its text rather than failing the whole document.
   */
  parseBlocks(markdown: string, schema: Schema, { allowEmpty = false } = {}): Fragment {
    const blocks = (this.manager.parse(markdown).content ?? []).map((json) => {
      try {
        const node = schema.nodeFromJSON(json);
        node.check();
        return node;
      } catch {
        const text = textOf(json);
        return schema.nodes.paragraph!.create(null, text ? schema.text(text) : null);
      }
    });
    if (blocks.length === 0 && !allowEmpty) blocks.push(schema.nodes.paragraph!.create());
    return Fragment.from(blocks);
  }
}
