/**
 * The script of /silent-renew.html, the hidden frame of a silent renew without a refresh token
 * (prompt=none). It only passes the frame's URL to the portal window, which validates it; so it
 * needs no settings of the real UserManager and reads or writes no storage. oidc-client-ts is
 * imported here, not at the top, so the platform's start-up does not carry it (auth.ts).
 */
export async function silentRenewCallback(url: string = window.location.href): Promise<void> {
  const { InMemoryWebStorage, UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  const frameManager = new UserManager({
    authority: window.location.origin,
    client_id: 'silent-renew-frame',
    redirect_uri: `${window.location.origin}/silent-renew.html`,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  });
  await frameManager.signinSilentCallback(url);
}
