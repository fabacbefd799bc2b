// The design system's styles: in the portal the host loads them once.
import '@assistant/ui/styles.css';
import { StandaloneRemote } from '@assistant/platform';
import { createRoot } from 'react-dom/client';
import remote from './module';

/** The first of the route bases the host mounts this remote at; alone, the other pages are not reachable. */
const ROUTE_BASE = '/usecases/summarize';

createRoot(document.getElementById('root')!).render(<StandaloneRemote remote={remote} routeBase={ROUTE_BASE} />);
