import { Node } from '@tiptap/core';

const escapeAlt = (text: string) => text.replace(/[\\[\]]/g, '\\$&');

/**
 * An image of the Markdown (`![alt](src "title")`), kept so that it comes out again, shown as its
 * alternative text and not loaded: a document from a model answer may point anywhere, and the
 * chat's answers do not load images either.
 */
export const CanvasImage = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addAttributes() {
    return { src: { default: '' }, alt: { default: '' }, title: { default: null } };
  },

  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => ({ src: element.getAttribute('src') ?? '', alt: element.getAttribute('alt') ?? '', title: element.getAttribute('title') }),
      },
      {
        tag: 'span[data-canvas-image]',
        getAttrs: (element) => ({ src: element.getAttribute('data-src') ?? '', alt: element.textContent ?? '', title: element.getAttribute('data-title') }),
      },
    ];
  },

  renderHTML({ node }) {
    const { src, alt, title } = node.attrs as { src: string; alt: string; title: string | null };
    return [
      'span',
      { 'data-canvas-image': '', 'data-src': src, 'data-title': title, class: 'canvas-editor__image', title: src, role: 'img', 'aria-label': alt || src },
      alt || src,
    ];
  },

  parseMarkdown: (token) => ({
    type: 'image',
    attrs: { src: String(token.href ?? ''), alt: String(token.text ?? ''), title: token.title ? String(token.title) : null },
  }),

  renderMarkdown: (node: { attrs?: { src?: string; alt?: string; title?: string | null } }) => {
    const { src = '', alt = '', title } = node.attrs ?? {};
    return `![${escapeAlt(alt)}](${src}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`;
  },
});
