import { marked, type Token, type Tokens } from 'marked';
import { normalizeNewlines } from './text';

/**
 * Markdown to plain text through marked's lexer (never its HTML renderer): blocks become
 * paragraphs separated by a blank line, inline markup is reduced to its text, link targets and
 * raw HTML are dropped, images keep their alt text.
 */
export function parseMarkdown(source: string): { text: string; title?: string } {
  const tokens = marked.lexer(normalizeNewlines(source));
  let title: string | undefined;
  const blocks: string[] = [];
  const inline = (list: Token[] | undefined, fallback = ''): string => (list ? list.map(inlineText).join('') : fallback);
  function inlineText(token: Token): string {
    switch (token.type) {
      case 'text':
      case 'escape':
      case 'codespan':
        return 'tokens' in token && token.tokens ? inline(token.tokens) : decodeEntities(token.text as string);
      case 'strong':
      case 'em':
      case 'del':
      case 'link':
        return inline((token as Tokens.Link).tokens, (token as Tokens.Link).text);
      case 'image':
        return (token as Tokens.Image).text;
      case 'br':
        return '\n';
      case 'html':
        return '';
      default:
        return 'tokens' in token && Array.isArray(token.tokens) ? inline(token.tokens) : 'text' in token ? String(token.text) : '';
    }
  }
  function block(token: Token, out: string[]): void {
    switch (token.type) {
      case 'heading': {
        const text = inline((token as Tokens.Heading).tokens);
        if (title === undefined && (token as Tokens.Heading).depth === 1) title = text.trim();
        out.push(text);
        return;
      }
      case 'paragraph':
        out.push(inline((token as Tokens.Paragraph).tokens));
        return;
      case 'code':
        out.push((token as Tokens.Code).text);
        return;
      case 'blockquote':
        for (const child of (token as Tokens.Blockquote).tokens) block(child, out);
        return;
      case 'list': {
        const items = (token as Tokens.List).items.map((item) => {
          const parts: string[] = [];
          for (const child of item.tokens) {
            if (child.type === 'text') parts.push(inlineText(child));
            else block(child, parts);
          }
          return `- ${parts.join('\n').trim()}`;
        });
        out.push(items.join('\n'));
        return;
      }
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inline(cell.tokens)).join(' | ');
        out.push([row(table.header), ...table.rows.map(row)].join('\n'));
        return;
      }
      case 'text':
        out.push(inlineText(token));
        return;
      case 'html':
      case 'space':
      case 'hr':
      case 'def':
        return;
      default:
        if ('text' in token && typeof token.text === 'string') out.push(token.text);
    }
  }
  for (const token of tokens) block(token, blocks);
  const text = blocks
    .map((b) => b.trim())
    .filter(Boolean)
    .join('\n\n');
  return { text, ...(title ? { title } : {}) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' };

/** marked's lexer escapes a few characters in text tokens; give them back. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? _);
}
