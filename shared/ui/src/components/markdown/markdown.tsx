import { lazy, Suspense } from 'react';
import { cx } from '../../internal/cx';

export interface MarkdownProps {
  /** Markdown from an untrusted source (a model's answer): rendered without raw HTML. */
  text: string;
  /**
   * True while the text is still growing, each text extending the previous one (a streaming
   * answer): only its open end is parsed again per change. A text that does not continue the
   * previous one is still noticed by its end and parsed afresh.
   */
  streaming?: boolean;
  /** Added to heading levels (default 2: "# Title" becomes an h3). */
  headingOffset?: number;
  className?: string;
}

const MarkdownContent = lazy(() => import(/* webpackChunkName: "markdown" */ './markdown-content'));

/**
 * Safe Markdown (GFM: tables, task lists, strikethrough, autolinks) for model answers: raw HTML
 * is shown as text, `javascript:`/`data:` and other non-web links are dropped, images are never
 * loaded, code blocks are highlighted once finished and have a copy button. While loading the
 * parser chunk the text is shown as it is.
 */
export function Markdown({ className, ...props }: MarkdownProps) {
  return (
    <div className={cx('ui-markdown', className)}>
      <Suspense fallback={<p className="ui-markdown__pending">{props.text}</p>}>
        <MarkdownContent {...props} />
      </Suspense>
    </div>
  );
}
