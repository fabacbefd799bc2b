import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the end (px) still counts as "at the bottom". */
export const BOTTOM_SLACK_PX = 48;

export interface StickToBottom {
  /** The scroll container's onScroll handler. */
  onScroll(): void;
  /** The view follows the end (false: the reader scrolled up; offer "jump to latest"). */
  following: boolean;
  /** Back to the end, following again. */
  jumpToLatest(): void;
}

/**
 * Keeps a scroll container at its end while content grows (a streaming answer), unless the user
 * scrolled up to read; scrolling back down (or `jumpToLatest`) follows again. A new defined
 * `followKey` (a question was sent) follows again too. Opened, the container starts at its end
 * (the latest message), also when its content or size changes later (a ResizeObserver).
 */
export function useStickToBottom(
  scroller: RefObject<HTMLElement | null>,
  contentKey: unknown,
  followKey: unknown,
): StickToBottom {
  const stuck = useRef(true);
  const [following, setFollowing] = useState(true);
  const lastFollowKey = useRef(followKey);
  /** The content's height when the view last scrolled (itself or by the reader). */
  const lastHeight = useRef<number | undefined>(undefined);

  const toEnd = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    lastHeight.current = element.scrollHeight;
  }, [scroller]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
    // A scroll away from the end while the content changed its height is the layout moving (a
    // message replaced by a taller one, a research plan unfolding), not the reader: keep following.
    if (stuck.current && !atEnd && lastHeight.current !== undefined && element.scrollHeight !== lastHeight.current) {
      toEnd();
      return;
    }
    lastHeight.current = element.scrollHeight;
    stuck.current = atEnd;
    setFollowing(atEnd);
  }, [scroller, toEnd]);

  const jumpToLatest = useCallback(() => {
    stuck.current = true;
    setFollowing(true);
    toEnd();
  }, [toEnd]);

  useLayoutEffect(() => {
    if (lastFollowKey.current !== followKey) {
      lastFollowKey.current = followKey;
      if (followKey !== undefined && !stuck.current) {
        stuck.current = true;
        setFollowing(true);
      }
    }
    if (stuck.current) toEnd();
  }, [contentKey, followKey, toEnd]);

  // Content that grows after it was rendered (wrapping, fonts, a table laid out) or a container
  // that changes size: still at the end while following.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) toEnd();
    });
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [scroller, toEnd]);

  return { onScroll, following, jumpToLatest };
}
