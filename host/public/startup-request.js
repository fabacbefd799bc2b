// Before the shell's scripts have arrived: asks GET /api/startup with the stored session's token,
// so that its answer comes in while they download instead of a round trip after them. The shell
// takes the answer (host/src/app/early-startup.ts) only when it was asked with the token the
// shell itself would send; anything missing here (no inlined config, no valid session, no
// storage) leaves it to the shell's own call.
try {
  var startup = JSON.parse(document.getElementById('portal-startup').textContent);
  var oidc = startup.portalConfig.oidc;
  var user = JSON.parse(localStorage.getItem('oidc.user:' + oidc.authority + ':' + oidc.clientId));
  // The shell's rule for a session it starts with: expires_at more than 600 s away (SPEC section 4).
  if (user && user.access_token && user.expires_at * 1000 > Date.now() + 600000) {
    window.__assistantEarlyStartup = {
      token: user.access_token,
      response: fetch('/api/startup', { headers: { Accept: 'application/json', Authorization: 'Bearer ' + user.access_token } }),
    };
  }
} catch (e) {
  // No inlined values or no storage: the shell asks itself.
}
