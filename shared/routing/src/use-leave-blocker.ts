import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type Navigator } from 'react-router';

/** A leave held back by useLeaveBlocker: `blocked` until the user goes on (`proceed`) or stays (`reset`). */
export interface LeaveBlocker {
  state: 'unblocked' | 'blocked';
  /** Leaves the way the user asked (link, navigate call, back or forward). */
  proceed(): void;
  /** Stays on the page. */
  reset(): void;
}

type NavigateCall = Navigator['push'];

/** The history entry's position that the browser router keeps in `history.state.idx`. */
function entryIndex(state: unknown): number | undefined {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/**
 * While `when` holds, leaving the page waits for the user: a navigation to another path inside the
 * app (a link, a `navigate` call, the browser's back and forward) makes the blocker `blocked`, and
 * the page asks whether to leave; closing or reloading the tab gets the browser's own question.
 * react-router's `useBlocker` needs a data router, and the portal runs declarative ones (index.ts),
 * so this holds the router's navigator's `push`/`replace` while it blocks, and undoes a history step
 * (popstate, caught before the router's own listener) until the user decides.
 */
export function useLeaveBlocker(when: boolean): LeaveBlocker {
  const { navigator, basename } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const [pending, setPending] = useState<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (!when) return;
    const patched = navigator as { push: NavigateCall; replace: NavigateCall };
    const { push, replace } = patched;
    const hold =
      (call: NavigateCall): NavigateCall =>
      (to, state, options) => {
        const target = typeof to === 'string' ? new URL(to, `http://portal${basename}`).pathname : (to.pathname ?? basename);
        const pathname = basename !== '/' && target.startsWith(basename) ? target.slice(basename.length) || '/' : target;
        // A change of search or hash only (a tab, a filter) stays on the page.
        if (pathname === location.pathname) return call.call(navigator, to, state, options);
        setPending(() => () => call.call(navigator, to, state, options));
      };
    patched.push = hold(push);
    patched.replace = hold(replace);
    return () => {
      patched.push = push;
      patched.replace = replace;
    };
  }, [navigator, basename, when, location.pathname]);

  useEffect(() => {
    if (!when) return;
    const own = entryIndex(window.history.state);
    const ownPath = window.location.pathname;
    let undoing = false;
    let allowed = false;
    const onPopState = (event: PopStateEvent) => {
      if (allowed) return;
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const target = entryIndex(event.state);
      // Without positions (not the browser router's entry) the step cannot be undone: let it go.
      // A step within the page (its search or hash) stays on the page.
      if (own === undefined || target === undefined || target === own || window.location.pathname === ownPath) return;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(own - target);
      setPending(() => () => {
        allowed = true;
        window.history.go(target - own);
      });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // Capturing: at the window, capture listeners run before the router's (bubbling) one.
    window.addEventListener('popstate', onPopState, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', onPopState, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when, location.key]);

  return {
    state: pending ? 'blocked' : 'unblocked',
    proceed: () => {
      setPending(undefined);
      pending?.();
    },
    reset: () => setPending(undefined),
  };
}
