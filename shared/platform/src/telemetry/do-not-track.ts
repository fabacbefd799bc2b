/** SPEC section 5: analytics calls are cancelled when the browser's do-not-track is on. */
export function isDoNotTrack(): boolean {
  if (typeof navigator === 'undefined') return false;
  return navigator.doNotTrack === '1';
}
