import { resetServerState } from '../server-state/query-client';

// Each test starts with an empty server-data cache, as Testing Library cleans the DOM after each.
// Imported by every render helper of this folder; jest runs the hook once per test either way.
if (typeof afterEach === 'function') afterEach(() => resetServerState());
