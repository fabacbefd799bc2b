import { useEffect, useState } from 'react';

export type SharedEndpoints = typeof import('@assistant/endpoints');

let loaded: SharedEndpoints | undefined;
let loading: Promise<SharedEndpoints> | undefined;

/**
 * The endpoint definitions the remotes share (`@assistant/endpoints`). Imported with `import()`:
 * the shell's start-up needs none of them, and they check answers with the full contracts, which
 * stay out of the shell's initial files. Importing it at all is what makes the host provide it to
 * the share scope, so that every remote takes this one copy (docs/federation.md "Shared endpoints").
 */
export const loadSharedEndpoints = (): Promise<SharedEndpoints> =>
  (loading ??= import(/* webpackChunkName: "shared-endpoints" */ '@assistant/endpoints').then((module) => (loaded = module)));

/**
 * The shared endpoint definitions once loaded, undefined until then; nothing is loaded while
 * `wanted` is false. A failed load is the browser's logged chunk error; the caller stays without.
 */
export function useSharedEndpoints(wanted = true): SharedEndpoints | undefined {
  const [endpoints, setEndpoints] = useState(loaded);
  useEffect(() => {
    if (wanted && !endpoints) void loadSharedEndpoints().then(setEndpoints);
  }, [wanted, endpoints]);
  return endpoints;
}
