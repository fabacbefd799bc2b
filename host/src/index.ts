// Entry of the shell. The dynamic import is the async boundary Module Federation needs: the
// runtime settles the shared singletons (React, the router, the platform) before any of them runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
