import type { Token, Tokens } from 'marked';
import type { ReactNode } from 'react';
import type { UiTexts } from '../../core/ui-texts';
import { safeHref } from './safe-url';

const HTML_COMMENT = /^<!--[\s\S]*?-->$/;

/**
 * Inline tokens as React elements; nothing is ever set as HTML. Raw HTML is shown as the text it
 * is (comments are left out), links only with a safe target and opening in a new tab without a
 * referrer, and images are never loaded: a link to them (when safe) or their description.
 */
export function renderInline(tokens: readonly Token[] | undefined, texts: UiTexts, keyPrefix = ''): ReactNode[] {
  if (!tokens) return [];
  return tokens.map((token, index) => renderToken(token, texts, `${keyPrefix}${index}`));
}

function renderToken(token: Token, texts: UiTexts, key: string): ReactNode {
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? <span key={key}>{renderInline(text.tokens, texts, `${key}.`)}</span> : text.text;
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'strong':
      return <strong key={key}>{renderInline((token as Tokens.Strong).tokens, texts, `${key}.`)}</strong>;
    case 'em':
      return <em key={key}>{renderInline((token as Tokens.Em).tokens, texts, `${key}.`)}</em>;
    case 'del':
      return <del key={key}>{renderInline((token as Tokens.Del).tokens, texts, `${key}.`)}</del>;
    case 'codespan':
      return <code key={key}>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      const content = renderInline(link.tokens, texts, `${key}.`);
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {content}
        </a>
      ) : (
        <span key={key}>{content}</span>
      );
    }
    case 'image': {
      const image = token as Tokens.Image;
      const href = safeHref(image.href);
      const label = texts.image(image.text);
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow" className="ui-markdown__image">
          {label}
        </a>
      ) : (
        <span key={key} className="ui-markdown__image">
          {label}
        </span>
      );
    }
    case 'html': {
      const raw = (token as Tokens.HTML).raw;
      return HTML_COMMENT.test(raw.trim()) ? null : raw;
    }
    default:
      // Anything else marked may add is shown as its source text, never interpreted.
      return 'raw' in token ? String(token.raw) : null;
  }
}
