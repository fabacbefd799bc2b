import { Fragment } from 'react';
import { mergeRanges, splitText, type TextHighlight } from './document-preview/highlight-ranges';
import { cx } from '../internal/cx';

export interface MarkedTextProps {
  text: string;
  /** UTF-16 ranges, end exclusive; clamped, sorted, and merged where they overlap or touch. */
  highlights: readonly TextHighlight[];
  className?: string;
}

/**
 * A text with `<mark>`s over the given ranges (a search hit's matched words, a quoted source).
 * The text is rendered as text, never parsed as HTML.
 */
export function MarkedText({ text, highlights, className }: MarkedTextProps) {
  const segments = splitText(text, mergeRanges(highlights, text.length));
  return (
    <span className={cx('ui-marked-text', className)}>
      {segments.map((segment, index) =>
        segment.highlight === undefined ? <Fragment key={index}>{segment.text}</Fragment> : <mark key={index}>{segment.text}</mark>,
      )}
    </span>
  );
}
