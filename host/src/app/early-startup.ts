import { startupResponseSchema, type StartupResponse } from '@assistant/contracts/startup';
import { apiClients } from '@assistant/platform';

/** What `public/startup-request.js` leaves on the window: the token it asked with and the pending answer. */
export interface EarlyStartupRequest {
  token: string;
  response: Promise<Response>;
}

type WithEarlyStartup = { __assistantEarlyStartup?: EarlyStartupRequest };

/**
 * The answer of the `GET /api/startup` that the page's early script sent while the shell's
 * scripts downloaded, taken once. Used only when it was asked with `token`, the one the shell
 * would send now (another user, a renewed token: asked again), and only when it is a valid
 * answer; anything else (none sent, an error status, a network failure, an invalid body) gives
 * undefined and the shell asks itself.
 */
export async function takeEarlyStartup(token: string | null, target: WithEarlyStartup = window as WithEarlyStartup): Promise<StartupResponse | undefined> {
  const early = target.__assistantEarlyStartup;
  delete target.__assistantEarlyStartup;
  if (!early || !token || early.token !== token) return undefined;
  try {
    const response = await early.response;
    if (!response.ok) return undefined;
    const parsed = startupResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `GET /api/startup`: the early answer when there is a usable one, else the shell's own call. */
export async function fetchStartup(getToken: () => Promise<string | null>, target?: WithEarlyStartup): Promise<StartupResponse> {
  return (await takeEarlyStartup(await getToken(), target)) ?? apiClients().api.get('startup', startupResponseSchema);
}
