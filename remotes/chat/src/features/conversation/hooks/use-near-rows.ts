import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * How far (px) beyond the scroller's visible part a row counts as near. Wider than the band in
 * which the browser lays out `content-visibility: auto` rows, so a row is rendered in full before
 * it is laid out and painted.
 */
export const NEAR_MARGIN_PX = 1200;

export interface NearRows {
  /** Whether the row at `index` is near the visible part (or the browser cannot tell: every row is). */
  isNear(index: number): boolean;
  /** The ref callback of a row element (it carries its index in `data-index`). */
  observe(element: HTMLElement | null): (() => void) | undefined;
}

/**
 * Which rows of a long list are near the scroller's visible part, by an IntersectionObserver on
 * the rows (with NEAR_MARGIN_PX around the scroller). Changes are applied as a transition, so
 * scrolling and typing stay ahead of rendering what came near. Without IntersectionObserver every
 * row counts as near.
 */
export function useNearRows(scroller: RefObject<HTMLElement | null>): NearRows {
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());
  const observer = useRef<IntersectionObserver | null>(null);
  /** Rows mounted before the observer existed (the first render's refs run before effects). */
  const waiting = useRef(new Set<HTMLElement>());
  const supported = typeof IntersectionObserver === 'function';

  useEffect(() => {
    if (!supported || !scroller.current) return;
    const created = new IntersectionObserver(
      (entries) => {
        startTransition(() =>
          setNear((current) => {
            let next: Set<number> | undefined;
            for (const entry of entries) {
              const index = Number((entry.target as HTMLElement).dataset.index);
              if (entry.isIntersecting === current.has(index)) continue;
              next ??= new Set(current);
              if (entry.isIntersecting) next.add(index);
              else next.delete(index);
            }
            return next ?? current;
          }),
        );
      },
      { root: scroller.current, rootMargin: `${NEAR_MARGIN_PX}px 0px` },
    );
    observer.current = created;
    for (const element of waiting.current) created.observe(element);
    waiting.current.clear();
    return () => {
      created.disconnect();
      observer.current = null;
    };
  }, [scroller, supported]);

  const observe = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    if (observer.current) observer.current.observe(element);
    else waiting.current.add(element);
    return () => {
      waiting.current.delete(element);
      observer.current?.unobserve(element);
    };
  }, []);

  const isNear = useCallback((index: number) => !supported || near.has(index), [near, supported]);
  return { isNear, observe };
}
