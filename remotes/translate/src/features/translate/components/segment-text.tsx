import type { TranslationSegment } from '@assistant/contracts';
import { cx } from '@assistant/ui';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { LayoutPart } from '../model/segment-layout';

export interface SegmentTextProps {
  parts: readonly LayoutPart[];
  segments: readonly TranslationSegment[];
  activeIndex: number | null;
  onActiveChange(index: number | null): void;
  /** Id of the element that describes segment `index` (engine and score). */
  descriptionId(index: number): string;
  lang: string;
  ref?: Ref<HTMLDivElement>;
}

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * The translation as its sentences, with the separators between them as they came (paragraphs and
 * line breaks stay). Hovering or focusing a sentence makes it the active one. One sentence is a
 * Tab stop (roving tabindex); the arrow keys move between sentences, Home and End jump to the
 * first and last.
 */
export function SegmentText({ parts, segments, activeIndex, onActiveChange, descriptionId, lang, ref }: SegmentTextProps) {
  const order = useMemo(() => parts.flatMap((part) => (part.kind === 'segment' ? [part.index] : [])), [parts]);
  const [tabStop, setTabStop] = useState<number | undefined>(order[0]);
  const focused = useRef<number | null>(null);
  const elements = useRef(new Map<number, HTMLSpanElement>());

  useEffect(() => {
    setTabStop(order[0]);
  }, [order]);

  const move = (event: KeyboardEvent, index: number) => {
    const position = order.indexOf(index);
    let next: number | undefined;
    if (NEXT_KEYS.has(event.key)) next = order[Math.min(position + 1, order.length - 1)];
    else if (PREVIOUS_KEYS.has(event.key)) next = order[Math.max(position - 1, 0)];
    else if (event.key === 'Home') next = order[0];
    else if (event.key === 'End') next = order[order.length - 1];
    else if (event.key === 'Escape') {
      onActiveChange(null);
      return;
    } else return;
    event.preventDefault();
    if (next !== undefined) elements.current.get(next)?.focus();
  };

  return (
    <div
      ref={ref}
      className="translate-segments"
      lang={lang}
      onMouseLeave={() => onActiveChange(focused.current)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          focused.current = null;
          onActiveChange(null);
        }
      }}
    >
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          <span key={`t${i}`}>{part.text}</span>
        ) : (
          <span
            key={`s${part.index}`}
            ref={(element) => {
              if (element) elements.current.set(part.index, element);
              else elements.current.delete(part.index);
            }}
            className={cx('translate-segment', activeIndex === part.index && 'translate-segment--active')}
            tabIndex={part.index === tabStop ? 0 : -1}
            aria-describedby={segments[part.index] ? descriptionId(part.index) : undefined}
            data-segment={part.index}
            onMouseEnter={() => onActiveChange(part.index)}
            onFocus={() => {
              focused.current = part.index;
              setTabStop(part.index);
              onActiveChange(part.index);
            }}
            onKeyDown={(event) => move(event, part.index)}
          >
            {part.text}
          </span>
        ),
      )}
    </div>
  );
}
