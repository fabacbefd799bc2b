import { useCallback, useEffect, useMemo, useRef } from 'react';
import { cx } from '../../internal/cx';
import { mergeRanges, scrollWithin, splitText, type TextHighlight } from './highlight-ranges';
import { Announcer, HighlightControls } from './highlight-controls';
import type { DocumentPreviewTexts } from './texts';
import { useHighlightNavigation } from './use-highlight-navigation';

const EXCERPT_LENGTH = 200;

export interface TextPreviewProps {
  text: string;
  highlights: readonly TextHighlight[];
  texts: DocumentPreviewTexts;
}

/** A text document with `<mark>`s for the highlights, scrolled to the first one. */
export function TextPreview({ text, highlights, texts }: TextPreviewProps) {
  const merged = useMemo(() => mergeRanges(highlights, text.length), [highlights, text.length]);
  const segments = useMemo(() => splitText(text, merged), [text, merged]);
  const key = merged.map((range) => `${range.start}-${range.end}`).join(',');
  const scrollRef = useRef<HTMLDivElement>(null);

  const describe = useCallback(
    (index: number) => {
      const range = merged[index];
      const excerpt = range ? text.slice(range.start, range.end).replace(/\s+/g, ' ').trim() : '';
      const short = excerpt.length > EXCERPT_LENGTH ? `${excerpt.slice(0, EXCERPT_LENGTH)} …` : excerpt;
      return short ? `${texts.highlightOf(index + 1, merged.length)}: ${short}` : texts.highlightOf(index + 1, merged.length);
    },
    [merged, text, texts],
  );
  const navigation = useHighlightNavigation(merged.length, key, describe);

  useEffect(() => {
    const container = scrollRef.current;
    scrollWithin(container, container?.querySelector(`[data-highlight="${navigation.active}"]`));
  }, [key, navigation.active, navigation.moves]);

  return (
    <>
      {merged.length > 0 && (
        <div className="ui-document-preview__toolbar" role="group" aria-label={texts.toolbar}>
          <HighlightControls navigation={navigation} total={merged.length} texts={texts} />
        </div>
      )}
      <Announcer text={navigation.announcement} />
      <div ref={scrollRef} className="ui-document-preview__scroll" role="group" aria-label={texts.content} tabIndex={0}>
        <div className="ui-document-preview__text">
          {segments.map((segment, index) =>
            segment.highlight === undefined ? (
              segment.text
            ) : (
              <mark
                key={index}
                data-highlight={segment.highlight}
                aria-current={segment.highlight === navigation.active ? 'true' : undefined}
                className={cx('ui-document-preview__mark', segment.highlight === navigation.active && 'ui-document-preview__mark--active')}
              >
                {segment.text}
              </mark>
            ),
          )}
        </div>
      </div>
    </>
  );
}
