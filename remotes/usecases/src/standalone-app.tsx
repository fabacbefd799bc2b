// The design system's styles: in the portal the host loads them once.
import '@assistant/ui/styles.css';
import { StandaloneRemote } from '@assistant/platform';
import { createRoot } from 'react-dom/client';
import remote from './module';

/** The remote's first mount in the registry (scripts/portal-layout.mjs); alone, the other apps are not reachable. */
const ROUTE_BASE = '/usecases/summarize';
const MOUNT = 'summarize';

createRoot(document.getElementById('root')!).render(<StandaloneRemote remote={remote} routeBase={ROUTE_BASE} mount={MOUNT} />);
