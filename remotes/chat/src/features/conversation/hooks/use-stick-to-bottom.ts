import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/** How close to the end (px) still counts as "at the bottom". */
export const BOTTOM_SLACK_PX = 48;

/**
 * Keeps a scroll container at its end while content grows (a streaming answer), unless the user
 * scrolled up to read; scrolling back down follows again. A new defined `followKey` (a question was
 * sent) follows again too. `scrollToEnd` defaults to setting scrollTop; a virtual list passes its own.
 */
export function useStickToBottom(
  scroller: RefObject<HTMLElement | null>,
  contentKey: unknown,
  followKey: unknown,
  scrollToEnd?: () => void,
): () => void {
  const stuck = useRef(true);
  const lastFollowKey = useRef(followKey);
  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    stuck.current = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX;
  }, [scroller]);
  useLayoutEffect(() => {
    if (lastFollowKey.current !== followKey) {
      lastFollowKey.current = followKey;
      if (followKey !== undefined) stuck.current = true;
    }
    if (!stuck.current) return;
    const element = scroller.current;
    if (!element) return;
    if (scrollToEnd) scrollToEnd();
    else element.scrollTop = element.scrollHeight;
  }, [scroller, contentKey, followKey, scrollToEnd]);
  return onScroll;
}
