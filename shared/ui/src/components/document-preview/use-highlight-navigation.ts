import { useCallback, useEffect, useState } from 'react';

export interface HighlightNavigation {
  /** The current highlight's index (0 when there are highlights and none was chosen yet). */
  active: number;
  /** Counts navigations, so a move to the same highlight scrolls again. */
  moves: number;
  /** Text for the polite live region ("Highlight 1 of 3 ..."), empty until the user navigates. */
  announcement: string;
  next: () => void;
  previous: () => void;
}

/**
 * Next/previous over `total` highlights (wrapping around, like find in page), reset whenever
 * `resetKey` changes. `describe(index)` gives the announcement for a highlight.
 */
export function useHighlightNavigation(total: number, resetKey: string, describe: (index: number) => string): HighlightNavigation {
  const [state, setState] = useState({ active: 0, moves: 0, announcement: '' });

  useEffect(() => {
    setState({ active: 0, moves: 0, announcement: '' });
  }, [resetKey]);

  const go = useCallback(
    (delta: number) => {
      if (total === 0) return;
      setState((previous) => {
        const active = (((previous.active + delta) % total) + total) % total;
        const moves = previous.moves + 1;
        // A live region does not repeat an unchanged text: alternate a trailing no-break space.
        const announcement = describe(active) + (moves % 2 === 0 ? '\u00a0' : '');
        return { active, moves, announcement };
      });
    },
    [total, describe],
  );

  return {
    active: Math.min(state.active, Math.max(0, total - 1)),
    moves: state.moves,
    announcement: state.announcement,
    next: useCallback(() => go(1), [go]),
    previous: useCallback(() => go(-1), [go]),
  };
}
