import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { createRemoteLoadFailure } from './remote-load-failure';

/**
 * Runtime plugin (DESIGN.md section 3): when a remote cannot be loaded (manifest unreachable or
 * invalid, remoteEntry.js or a chunk failing, the container's init throwing) `loadRemote` resolves
 * to a fallback module instead of rejecting, so nothing at start-up crashes. The fallback's
 * default export is a `RemoteLoadFailure` that the remote's error boundary shows with a retry.
 *
 * Only the final `onLoad` step answers: the inner steps (manifest fetch `afterResolve`, shared
 * `beforeLoadShare`, `beforeRequest`) get no answer, so their error propagates to `loadRemote` and
 * the runtime drops its half-finished state (manifest and entry loading), which is what lets a
 * retry load the remote again.
 *
 * Registered at build time through `runtimePlugins` (host/webpack.config.js), so it is in place
 * before the first `loadRemote`. It must stay free of React and of shared modules: it is bundled
 * into the host's entry chunk.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'assistant-remote-error',
    errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const remote = args.remote?.name ?? args.id.split('/')[0] ?? args.id;
      console.error(`[federation] remote "${remote}" failed to load (${args.id})`, args.error);
      return { __esModule: true, default: createRemoteLoadFailure(remote, args.id, args.error) };
    },
  };
}
