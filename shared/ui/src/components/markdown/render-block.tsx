import type { Token, Tokens } from 'marked';
import { memo, type ReactNode } from 'react';
import type { UiTexts } from '../../core/ui-texts';
import { CodeBlock } from './code-block';
import { renderInline } from './render-inline';

const HTML_COMMENT = /^\s*<!--[\s\S]*?-->\s*$/;

export interface BlockProps {
  token: Token;
  texts: UiTexts;
  /** Added to heading levels, so a model's "# Title" does not compete with the page's h1. */
  headingOffset: number;
  /** False while the block is the open end of a streaming answer (code is highlighted when done). */
  complete: boolean;
}

/** One block; memoized on its token, so a finished block is not rendered again while the answer grows. */
export const MarkdownBlock = memo(function MarkdownBlock(props: BlockProps) {
  return <>{renderBlock(props.token, props)}</>;
});

function renderBlocks(tokens: readonly Token[], props: Omit<BlockProps, 'token'>): ReactNode[] {
  return tokens.map((token, index) => <MarkdownBlock key={index} {...props} token={token} />);
}

function renderBlock(token: Token, props: BlockProps): ReactNode {
  const { texts } = props;
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <p>{renderInline((token as Tokens.Paragraph).tokens, texts)}</p>;
    case 'text': {
      // Text directly in a list item (a tight list).
      const text = token as Tokens.Text;
      return text.tokens ? renderInline(text.tokens, texts) : text.text;
    }
    case 'heading': {
      const heading = token as Tokens.Heading;
      const Tag = `h${Math.min(6, heading.depth + props.headingOffset)}` as 'h3';
      return <Tag>{renderInline(heading.tokens, texts)}</Tag>;
    }
    case 'hr':
      return <hr />;
    case 'blockquote':
      return <blockquote>{renderBlocks((token as Tokens.Blockquote).tokens, props)}</blockquote>;
    case 'code': {
      const code = token as Tokens.Code;
      return <CodeBlock code={code.text} language={code.lang?.split(/\s/)[0] || undefined} highlight={props.complete} texts={texts} />;
    }
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => (
        <li key={index} className={item.task ? 'ui-markdown__task' : undefined}>
          {item.task ? <input type="checkbox" checked={!!item.checked} disabled readOnly aria-label={item.text} /> : null}
          {renderBlocks(item.tokens, props)}
        </li>
      ));
      return list.ordered ? <ol start={typeof list.start === 'number' && list.start !== 1 ? list.start : undefined}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table': {
      const table = token as Tokens.Table;
      const align = (index: number) => table.align[index] ?? undefined;
      return (
        // Wide tables scroll inside their own region, which keyboard users can focus to scroll.
        <div className="ui-markdown__table" role="region" aria-label={texts.table} tabIndex={0}>
          <table>
            <thead>
              <tr>
                {table.header.map((cell, index) => (
                  <th key={index} scope="col" style={{ textAlign: align(index) }}>
                    {renderInline(cell.tokens, texts)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} style={{ textAlign: align(index) }}>
                      {renderInline(cell.tokens, texts)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'html': {
      // Raw HTML is shown as text, never rendered; comments are left out.
      const raw = (token as Tokens.HTML).raw;
      return HTML_COMMENT.test(raw) ? null : <p>{raw.trimEnd()}</p>;
    }
    default:
      return 'raw' in token ? <p>{String(token.raw)}</p> : null;
  }
}
