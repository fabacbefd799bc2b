// Target of the hidden-frame token renewal (SPEC section 4, `silent_redirect_uri`
// <portal origin>/silent-renew.html). It hands the identity provider's answer to the portal window
// that opened the frame, in the message format oidc-client-ts's UserManager waits for
// (what `signinSilentCallback()` sends), without loading the whole shell into the frame.
// An external file, so the portal's Content-Security-Policy needs no inline script.
(function () {
  if (window.parent === window) return;
  window.parent.postMessage({ source: 'oidc-client', url: window.location.href, keepOpen: false }, window.location.origin);
})();
