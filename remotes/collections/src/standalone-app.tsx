// The design system's styles: in the portal the host loads them once.
import '@assistant/ui/styles.css';
import { StandaloneRemote } from '@assistant/platform';
import { createRoot } from 'react-dom/client';
import remote from './module';

/** Where the host mounts this remote by default; the standalone page uses the same path. */
const ROUTE_BASE = '/collections';

createRoot(document.getElementById('root')!).render(<StandaloneRemote remote={remote} routeBase={ROUTE_BASE} />);
