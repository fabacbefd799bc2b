import type { Auth } from '@assistant/platform';
import type { ReactElement } from 'react';
import { SignInProblem } from '../auth/sign-in-problem';

/**
 * Start-up on /callback, before the router exists: completes the sign-in and puts the saved
 * location in the address bar. A callback that cannot be completed is a sign-in problem, not a
 * portal that cannot start: `show` gets the page that says so, and the answer false ends start-up.
 */
export async function completeStartCallback(auth: Auth, show: (page: ReactElement) => void): Promise<boolean> {
  try {
    const target = await auth.completeSignIn(window.location.href);
    window.history.replaceState(null, '', target);
    return true;
  } catch (error) {
    console.warn('Sign-in callback failed', error);
    show(<SignInProblem error={error} />);
    return false;
  }
}
