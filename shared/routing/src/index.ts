// The portal's router (docs/federation.md "Bundle size"): the react-router names the
// shell, the remotes and the platform use, and nothing else. This package is the shared singleton
// (webpack.shared.js), not react-router itself: shared modules are not tree-shaken, so sharing
// react-router put all of it (data APIs, server rendering, fetchers) into the shell; behind this
// list webpack drops what nobody imports. One copy for everyone still, so a remote's <Link>
// inside the shell uses the shell's router. Only this package imports react-router (a lint rule
// says so); a name missing here is added here.

// The routers: the declarative ones (no data router: its loaders, actions and fetchers are most
// of react-router's size, and nothing here needs them).
export { BrowserRouter, MemoryRouter } from 'react-router';
// Route tables and their rendering.
export { matchRoutes, Navigate, Outlet, Route, Routes, useRoutes } from 'react-router';
export type { RouteObject } from 'react-router';
// Links and navigation.
export { Link, NavLink, useLocation, useNavigate, useParams, useResolvedPath, useSearchParams } from 'react-router';
// Asking before leaving a page with unsaved work (react-router's useBlocker needs a data router).
export { useLeaveBlocker, type LeaveBlocker } from './use-leave-blocker';
