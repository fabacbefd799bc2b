import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createApiClients, setApiClients } from '../../http/api-clients';
import { hasPermission, loadPermissions, resetPermissions, usePermissionsStore } from '../permissions-store';
import { usePermission } from '../use-permission';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 't', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  resetPermissions();
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

function checkUser(held: string[]) {
  const bodies: unknown[] = [];
  server.use(
    http.post('http://localhost/api/iam/check_user', async ({ request }) => {
      const body = (await request.json()) as { permissions: { permission: string }[] };
      bodies.push(body);
      await delay(20);
      return HttpResponse.json({ permissions: body.permissions.filter((p) => held.includes(p.permission)) });
    }),
  );
  return bodies;
}

describe('permissions', () => {
  it('asks once for every known permission, even for concurrent questions, and caches the answer', async () => {
    const bodies = checkUser(['AdministrateAssistant']);
    const [admin, numinous] = await Promise.all([hasPermission('AdministrateAssistant'), hasPermission('NuminousAccess')]);
    expect(admin).toBe(true);
    expect(numinous).toBe(false);
    expect(await hasPermission('AdministrateAssistant')).toBe(true);
    expect(bodies).toEqual([{ permissions: [{ permission: 'AdministrateAssistant' }, { permission: 'NuminousAccess' }, { permission: 'DeveloperMode' }] }]);
  });

  it('asks again after a reset (another user)', async () => {
    const bodies = checkUser(['NuminousAccess']);
    await loadPermissions();
    resetPermissions();
    expect(await hasPermission('NuminousAccess')).toBe(true);
    expect(bodies).toHaveLength(2);
  });

  it('a failed check warns "Failed to check user privileges" and counts as absent', async () => {
    let calls = 0;
    server.use(http.post('http://localhost/api/iam/check_user', () => (calls++, new HttpResponse(null, { status: 500 }))));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await hasPermission('AdministrateAssistant')).toBe(false);
    expect(await hasPermission('NuminousAccess')).toBe(false);
    expect(warn).toHaveBeenCalledWith('Failed to check user privileges', expect.anything());
    expect(usePermissionsStore.getState().status).toBe('failed');
    expect(calls).toBe(1);
  });

  it('usePermission is undefined while asking, then the answer; two components share one request', async () => {
    const bodies = checkUser(['AdministrateAssistant']);
    const { result } = renderHook(() => ({ admin: usePermission('AdministrateAssistant'), numinous: usePermission('NuminousAccess') }));
    expect(result.current).toEqual({ admin: undefined, numinous: undefined });
    await waitFor(() => expect(result.current).toEqual({ admin: true, numinous: false }));
    expect(bodies).toHaveLength(1);
    act(() => resetPermissions());
    await waitFor(() => expect(bodies).toHaveLength(2));
  });
});
