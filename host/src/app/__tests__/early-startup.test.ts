// GET /api/startup sent by the page's early script (public/startup-request.js) while the shell's
// scripts download, and taken by the shell only when it was asked with the shell's own token.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfig, type StartupResponse } from '@assistant/contracts';
import { fetchStartup, takeEarlyStartup, type EarlyStartupRequest } from '../early-startup';
import { INLINE_STARTUP_ID } from '../inline-startup';

const mockGet = jest.fn();
jest.mock('@assistant/platform', () => ({
  ...jest.requireActual('@assistant/platform'),
  apiClients: () => ({ api: { get: (...args: unknown[]) => mockGet(...args) } }),
}));

const answer: StartupResponse = { flags: { enableTranslate: true }, feature_set: '250700', config: defaultConfig(false), permissions: [] };
const ownAnswer: StartupResponse = { ...answer, permissions: ['AdministrateAssistant'] };
const early = (token: string, response: Promise<Response>) => ({ __assistantEarlyStartup: { token, response } as EarlyStartupRequest });
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  mockGet.mockReset().mockResolvedValue(ownAnswer);
});

describe('the shell takes the early answer', () => {
  it('when it was asked with the same token: no call of its own, and only once', async () => {
    const target = early('token-1', json(answer));
    await expect(fetchStartup(async () => 'token-1', target)).resolves.toEqual(answer);
    expect(mockGet).not.toHaveBeenCalled();
    expect(target.__assistantEarlyStartup).toBeUndefined();
    await expect(fetchStartup(async () => 'token-1', target)).resolves.toEqual(ownAnswer);
    expect(mockGet).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['another token', early('old-token', json(answer)), 'token-1'],
    ['no session', early('token-1', json(answer)), null],
    ['an error status', early('token-1', json({ message: 'no' }, 401)), 'token-1'],
    ['a network failure', early('token-1', Promise.reject(new TypeError('Failed to fetch'))), 'token-1'],
    ['an invalid body', early('token-1', json({ flags: 'yes' })), 'token-1'],
    ['none sent', {}, 'token-1'],
  ])('not with %s: the shell asks itself', async (_case, target, token) => {
    await expect(takeEarlyStartup(token, target)).resolves.toBeUndefined();
    await expect(fetchStartup(async () => 'token-1', target)).resolves.toEqual(ownAnswer);
    expect(mockGet).toHaveBeenCalledWith('startup', expect.anything());
  });
});

describe('public/startup-request.js', () => {
  const script = readFileSync(join(__dirname, '../../../public/startup-request.js'), 'utf8');
  const authority = 'http://localhost:8082';
  const run = () => {
    const fetchSpy = jest.fn().mockReturnValue(new Promise(() => undefined));
    const previous = window.fetch;
    window.fetch = fetchSpy;
    try {
      new Function(script)();
    } finally {
      window.fetch = previous;
    }
    return fetchSpy;
  };
  const store = (expiresInSeconds: number) =>
    localStorage.setItem(`oidc.user:${authority}:portal`, JSON.stringify({ access_token: 'token-1', expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds }));

  beforeEach(() => {
    const tag = document.createElement('script');
    tag.type = 'application/json';
    tag.id = INLINE_STARTUP_ID;
    tag.textContent = JSON.stringify({ portalConfig: { oidc: { authority, clientId: 'portal' } } });
    document.head.append(tag);
  });
  afterEach(() => {
    document.getElementById(INLINE_STARTUP_ID)?.remove();
    localStorage.clear();
    delete (window as { __assistantEarlyStartup?: unknown }).__assistantEarlyStartup;
  });

  it('asks with the stored token when the session is valid for more than 600 s', () => {
    store(3600);
    const fetchSpy = run();
    expect(fetchSpy).toHaveBeenCalledWith('/api/startup', { headers: { Accept: 'application/json', Authorization: 'Bearer token-1' } });
    expect((window as { __assistantEarlyStartup?: EarlyStartupRequest }).__assistantEarlyStartup?.token).toBe('token-1');
  });

  it('asks nothing without a stored session, with one about to expire, or without the inlined config', () => {
    expect(run()).not.toHaveBeenCalled();
    store(300);
    expect(run()).not.toHaveBeenCalled();
    store(3600);
    document.getElementById(INLINE_STARTUP_ID)?.remove();
    expect(run()).not.toHaveBeenCalled();
    expect((window as { __assistantEarlyStartup?: unknown }).__assistantEarlyStartup).toBeUndefined();
  });
});
