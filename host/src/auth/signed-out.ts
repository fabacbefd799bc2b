/**
 * After sign-out the provider sends the browser back to the site root (SPEC section 4), where the
 * shell would start a new sign-in at once. A mark in sessionStorage, set just before the sign-out
 * redirect, lets the start-up show the "signed out" page instead.
 */
const KEY = 'assistant.signedOut';

export function markSignedOut(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Without storage the user lands on the sign-in form, as before.
  }
}

export function isMarkedSignedOut(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearSignedOut(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}
