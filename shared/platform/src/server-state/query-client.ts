import { QueryClient } from '@tanstack/react-query';

/**
 * The one QueryClient of the page (DESIGN.md section 9): the host, every remote and the shell's
 * pages keep server data here, under query keys per resource. It lives in the platform singleton,
 * so a remote's cache is the host's cache.
 *
 * Defaults chosen for this portal:
 * - `retry: false`: the platform's HTTP clients already retry what the spec says (404s) and a
 *   failed load shows its error with a retry button; a second retry layer would only delay it.
 * - `refetchOnWindowFocus: false`: a screen reloads on entry, on its reload button, on its polling
 *   interval or after a change, not whenever the window gets focus.
 * - `staleTime: 0`: an entered screen shows what is cached at once and refreshes it in the
 *   background.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

/**
 * Forgets every user's server data: called on sign-out and when the signed-in user changes (one
 * user never sees another's cached answers). Running loads are cancelled.
 */
export function resetServerState(): void {
  void queryClient.cancelQueries();
  queryClient.clear();
}
