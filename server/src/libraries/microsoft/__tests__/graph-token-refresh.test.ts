import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signInWithPkce, type TokenResponse } from '../../../../../tests/support/pkce-sign-in';
import { PORTAL_ORIGIN, startIdp, type IdpHarness } from '../../../idp/__tests__/idp-harness';
import { DEV_GRAPH_RESOURCE, DEV_LIBRARY_CLIENT_ID } from '../../../idp/dev-identity-provider';
import { GraphDouble, jwtTokens } from '../../../testing/graph-double';
import { LibraryError, type ConnectorDependencies } from '../../connector';
import { createMicrosoftConnector } from '../graph-connector';
import { MicrosoftOAuth, type MicrosoftCredentials } from '../microsoft-oauth';

const SCOPES = ['openid', 'profile', 'offline_access', 'User.Read', 'Files.Read.All', 'Sites.Read.All'];
const deps: ConnectorDependencies = { fetch, requestTimeoutMs: 5_000 };

/**
 * Token renewal with the dev identity provider as the authorization server (it stands in for
 * Entra ID: a public client with PKCE, rotating refresh tokens) and the Graph double checking its
 * access tokens against the provider's keys.
 */
describe('Microsoft 365 connector: renewing the access token', () => {
  let idp: IdpHarness;
  let double: GraphDouble;
  let tokens: TokenResponse;
  const refused = new Set<string>();
  let connector: ReturnType<typeof createMicrosoftConnector>;
  const signal = new AbortController().signal;

  before(async () => {
    idp = await startIdp();
    const verify = jwtTokens(idp.idp.issuer, DEV_GRAPH_RESOURCE);
    double = await GraphDouble.start({ verifyToken: async (token) => (refused.has(token) ? null : verify(token)) });
    const oauth = new MicrosoftOAuth(
      { clientId: DEV_LIBRARY_CLIENT_ID, clientSecret: undefined, authority: idp.idp.issuer, graphUrl: double.url, scopes: SCOPES },
      { timeoutMs: 5_000 },
    );
    connector = createMicrosoftConnector({ oauth });
    tokens = await signInWithPkce({
      issuer: idp.idp.issuer,
      clientId: DEV_LIBRARY_CLIENT_ID,
      redirectUri: `${PORTAL_ORIGIN}/oauth/callback`,
      scope: SCOPES.join(' '),
      username: 'employee',
      password: 'employee',
    });
  });
  after(async () => {
    await double.close();
    await idp.stop();
  });

  const open = (credentials: MicrosoftCredentials, saved: MicrosoftCredentials[]) =>
    connector.open({ url: 'https://contoso.sharepoint.com', credentials, saveCredentials: async (renewed) => void saved.push(renewed) }, deps);

  it('renews an expired access token before the call and stores the rotated refresh token; then uses it', async () => {
    assert.ok(tokens.refresh_token, 'the provider grants a refresh token for offline_access');
    const saved: MicrosoftCredentials[] = [];
    const session = open({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_at: Date.now() - 1_000 }, saved);
    const { account } = await session.verify(signal);
    assert.match(account, /@contoso\.example$/);
    assert.equal(saved.length, 1);
    assert.notEqual(saved[0]!.access_token, tokens.access_token);
    assert.notEqual(saved[0]!.refresh_token, tokens.refresh_token, 'the provider rotated the refresh token');
    assert.ok(saved[0]!.expires_at > Date.now());
    await session.verify(signal);
    assert.equal(saved.length, 1, 'a valid token is not renewed again');
    tokens = { ...tokens, access_token: saved[0]!.access_token, refresh_token: saved[0]!.refresh_token! };
  });

  it('renews once when Graph refuses a token that has not expired yet (401)', async () => {
    refused.add(tokens.access_token);
    const saved: MicrosoftCredentials[] = [];
    const session = open({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_at: Date.now() + 3_600_000 }, saved);
    await session.verify(signal);
    assert.equal(saved.length, 1);
    const statuses = double.graphCalls(/^\/me/).slice(-2).map((call) => call.status);
    assert.deepEqual(statuses, [401, 200]);
  });

  it('asks the user to sign in again when the refresh token is refused (invalid_grant)', async () => {
    const session = open({ access_token: 'expired', refresh_token: 'not-a-refresh-token', expires_at: Date.now() - 1_000 }, []);
    await assert.rejects(session.verify(signal), (error: unknown) => error instanceof LibraryError && error.reason === 'needs-sign-in');
  });
});
