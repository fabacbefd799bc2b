import type { RemoteRegistryEntry } from '@assistant/contracts';
import type { RemoteModule } from '@assistant/platform';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from '@assistant/routing';
import { remoteForPath } from './preload-remote';
import { useRemoteNamespace } from './remote-routes';
import { loadRemoteModule } from './use-remote-module';

export interface RemoteSidePanelProps {
  /** The routed registry entries (the shell's). */
  remotes: readonly RemoteRegistryEntry[];
  /** Whether an entry's route leads to its remote now (a required capability the server has). */
  isRouted?: (entry: RemoteRegistryEntry) => boolean;
}

/**
 * The slot under the shell's navigation: the `sidePanel` of the remote whose route is open
 * (docs/federation.md "The side panel"), nothing elsewhere. The module is the one the route loads;
 * the panel itself is the remote's lazy component, so the shell carries only this. Loading and a
 * failed load show nothing here: the route's own boundary says what went wrong.
 */
export function RemoteSidePanel({ remotes, isRouted = () => true }: RemoteSidePanelProps) {
  const { pathname } = useLocation();
  const entry = remoteForPath(remotes, pathname);
  if (!entry || !isRouted(entry)) return null;
  return (
    <PanelBoundary key={entry.routeBase}>
      <Suspense fallback={null}>
        <PanelOf entry={entry} />
      </Suspense>
    </PanelBoundary>
  );
}

function PanelOf({ entry }: { entry: RemoteRegistryEntry }) {
  const remote = useLoadedRemote(entry.name);
  useRemoteNamespace(remote);
  const Panel = remote?.sidePanel;
  return Panel ? <Panel routeBase={entry.routeBase} /> : null;
}

/** The remote's module once it is loaded (null before, or when it failed). */
function useLoadedRemote(name: string): RemoteModule | null {
  const [loaded, setLoaded] = useState<{ name: string; remote: RemoteModule | null }>();
  useEffect(() => {
    let current = true;
    loadRemoteModule(name).then(
      (remote) => current && setLoaded({ name, remote }),
      () => current && setLoaded({ name, remote: null }),
    );
    return () => {
      current = false;
    };
  }, [name]);
  return loaded?.name === name ? loaded.remote : null;
}

/** A failed load or a throwing panel leaves the slot empty; the page beside it goes on. */
class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[federation] a remote side panel failed', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
