// Entry of the standalone page (`dist/index.html`): the team runs its remote without the host. The
// dynamic import is the async boundary that lets the federation runtime settle shared modules first.
import('./standalone-app');
