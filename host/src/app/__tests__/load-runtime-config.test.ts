import { loadRuntimeConfig } from '../load-runtime-config';

const answer = (body: unknown, status = 200) =>
  jest.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('portal runtime config', () => {
  it('reads the identity provider from /portal-config.json', async () => {
    const fetchImpl = answer({ oidc: { authority: 'http://localhost:8082', clientId: 'assistant-portal' } });
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual({
      oidc: { authority: 'http://localhost:8082', clientId: 'assistant-portal' },
    });
    expect(fetchImpl).toHaveBeenCalledWith('/portal-config.json', expect.objectContaining({ cache: 'no-cache' }));
  });

  it('says which field is wrong', async () => {
    await expect(loadRuntimeConfig(answer({ oidc: { authority: 'javascript:alert(1)', clientId: '' } }))).rejects.toThrow(
      /oidc\.authority: Must be a URL.*oidc\.clientId/,
    );
  });

  it('fails on an error status', async () => {
    await expect(loadRuntimeConfig(answer({}, 404))).rejects.toThrow('/portal-config.json answered 404');
  });
});
