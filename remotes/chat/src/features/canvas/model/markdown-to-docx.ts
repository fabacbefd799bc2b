import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { Lexer, type Token, type Tokens } from 'marked';

/**
 * A canvas's Markdown as a Word document (docx), built from marked's tokens: headings, paragraphs
 * with bold, italic, strike-through, code and links, bullet and numbered lists (nested), tables,
 * code blocks, quotes and rules. Only http(s) and mailto links become links (the text is the
 * model's and the user's: DESIGN section 8); images keep their alternative text.
 */

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
const NUMBERED = 'canvas-numbered';
const MONO = 'Consolas';

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
}

function safeLink(href: string): string | undefined {
  return /^(https?:|mailto:)/i.test(href) ? href : undefined;
}

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[entity] ?? '');
}

function runs(tokens: readonly Token[] | undefined, style: RunStyle = {}): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...runs((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...runs((token as Tokens.Em).tokens, { ...style, italics: true }));
        break;
      case 'del':
        out.push(...runs((token as Tokens.Del).tokens, { ...style, strike: true }));
        break;
      case 'codespan':
        out.push(textRun(decode((token as Tokens.Codespan).text), { ...style, code: true }));
        break;
      case 'br':
        out.push(new TextRun({ break: 1 }));
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const href = safeLink(link.href);
        const children = runs(link.tokens, style);
        if (href) out.push(new ExternalHyperlink({ link: href, children }));
        else out.push(...children);
        break;
      }
      case 'image':
        out.push(textRun((token as Tokens.Image).text, style));
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) out.push(...runs(text.tokens, style));
        else out.push(textRun(decode(text.text), style));
        break;
      }
      default:
        if ('text' in token && typeof token.text === 'string') out.push(textRun(decode(token.text), style));
    }
  }
  return out;
}

function textRun(text: string, style: RunStyle): TextRun {
  return new TextRun({ text, bold: style.bold, italics: style.italics, strike: style.strike, font: style.code ? MONO : undefined });
}

interface BlockContext {
  level: number;
  quote: boolean;
  /** Numbered lists so far: each counts from 1 again (its own numbering instance). */
  lists: { count: number };
}

function blocks(tokens: readonly Token[], context: BlockContext): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  const indent = context.quote ? { left: 720 } : undefined;
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        out.push(new Paragraph({ heading: HEADINGS[heading.depth - 1], children: runs(heading.tokens) }));
        break;
      }
      case 'paragraph':
        out.push(new Paragraph({ children: runs((token as Tokens.Paragraph).tokens), indent }));
        break;
      case 'text': {
        // A tight list item's text, or text at the top level.
        const text = token as Tokens.Text;
        out.push(new Paragraph({ children: text.tokens?.length ? runs(text.tokens) : [textRun(decode(text.text), {})], indent }));
        break;
      }
      case 'list':
        out.push(...list(token as Tokens.List, context));
        break;
      case 'table':
        out.push(table(token as Tokens.Table));
        break;
      case 'code':
        for (const line of (token as Tokens.Code).text.split('\n')) {
          out.push(new Paragraph({ children: [new TextRun({ text: line, font: MONO })], shading: { fill: 'F3F4F6' } }));
        }
        break;
      case 'blockquote':
        out.push(...blocks((token as Tokens.Blockquote).tokens, { ...context, quote: true }));
        break;
      case 'hr':
        out.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 1 } }, children: [] }));
        break;
      case 'space':
        break;
      default:
        if ('text' in token && typeof token.text === 'string' && token.text.trim()) out.push(new Paragraph({ children: [textRun(token.text, {})] }));
    }
  }
  return out;
}

function list(token: Tokens.List, context: BlockContext): Array<Paragraph | Table> {
  const { level } = context;
  if (token.ordered && level === 0) context.lists.count += 1;
  const instance = context.lists.count;
  const out: Array<Paragraph | Table> = [];
  const marker = token.ordered ? { numbering: { reference: NUMBERED, level: Math.min(level, 8), instance } } : { bullet: { level: Math.min(level, 8) } };
  token.items.forEach((item) => {
    // The item's first text or paragraph carries the bullet; what follows it (more paragraphs, code, nested lists) comes below.
    const firstIndex = item.tokens.findIndex((child) => child.type === 'text' || child.type === 'paragraph');
    const first = item.tokens[firstIndex] as Tokens.Text | Tokens.Paragraph | undefined;
    const checkbox = item.task ? [new TextRun({ text: item.checked ? '\u2611 ' : '\u2610 ' })] : [];
    out.push(new Paragraph({ children: [...checkbox, ...(first ? runs(first.tokens ?? [first]) : [])], ...marker }));
    for (const child of item.tokens.filter((_, index) => index !== firstIndex)) {
      if (child.type === 'list') out.push(...list(child as Tokens.List, { ...context, level: level + 1 }));
      else out.push(...blocks([child], context));
    }
  });
  return out;
}

function table(token: Tokens.Table): Table {
  const cell = (tokens: Token[], header: boolean) =>
    new TableCell({ children: [new Paragraph({ children: runs(tokens, header ? { bold: true } : {}) })] });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: token.header.map((header) => cell(header.tokens, true)) }),
      ...token.rows.map((row) => new TableRow({ children: row.map((entry) => cell(entry.tokens, false)) })),
    ],
  });
}

/** The Word document of `markdown`, titled `title` (the file's properties). */
export function markdownToDocx(markdown: string, title: string): Document {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  return new Document({
    title,
    creator: 'Assistant',
    numbering: {
      config: [
        {
          reference: NUMBERED,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children: blocks(tokens, { level: 0, quote: false, lists: { count: 0 } }) }],
  });
}
