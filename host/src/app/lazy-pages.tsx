import { lazy } from 'react';

// Every page of the shell is a chunk of its own, fetched when its route is first shown (DESIGN.md
// section 10, "pages are lazy"): the shell's initial JavaScript is the frame, the router and the
// start-up, not the pages. In particular the customization page, its editor and its admin-settings
// calls are never downloaded by an employee (the route exists for administrators only). The chunk
// names (`page-*`) make that checkable in the build output (docs/federation.md, "Bundle size").
//
// While a chunk loads, the nearest Suspense shows its fallback (the shell layout's: nothing;
// outside the layout: the start screen); a navigation keeps the old page on screen until the new
// one is there (react-router navigates in a transition).

const LazyHomePage = lazy(() => import(/* webpackChunkName: "page-home" */ '../pages/apps/apps-page').then((m) => ({ default: m.HomePage })));

/**
 * `/` with enableHomepage: the apps. The index route's element is this named component around the
 * lazy page rather than the lazy component itself, so the route table still names the page it
 * shows (the route table's test identifies the index page by the component's name).
 */
export function HomePage() {
  return <LazyHomePage />;
}

/** `/accessibility`. */
export const AccessibilityPage = lazy(() =>
  import(/* webpackChunkName: "page-accessibility" */ '../pages/accessibility/accessibility-page').then((m) => ({ default: m.AccessibilityPage })),
);

/** `/sign-language` (BETA). */
export const SignLanguagePage = lazy(() =>
  import(/* webpackChunkName: "page-sign-language" */ '../pages/sign-language-page').then((m) => ({ default: m.SignLanguagePage })),
);

/** `/easy-language` (BETA). */
export const EasyLanguagePage = lazy(() => import(/* webpackChunkName: "page-easy-language" */ '../pages/easy-language/easy-language-page'));

/** `/customization`: administrators only, with the flag and the feature. */
export const CustomizationPage = lazy(() =>
  import(/* webpackChunkName: "page-customization" */ '../pages/customization/customization-page').then((m) => ({ default: m.CustomizationPage })),
);

/** `/groups`: administrators only (the groups from the identity provider and their display names). */
export const GroupsPage = lazy(() => import(/* webpackChunkName: "page-groups" */ '../pages/groups/groups-page').then((m) => ({ default: m.GroupsPage })));

/** `/governance/*`: administrators only (usage and budgets, retention, audit log, ratings; each tab a chunk of its own). */
export const GovernancePage = lazy(() =>
  import(/* webpackChunkName: "page-governance" */ '../pages/governance/governance-page').then((m) => ({ default: m.GovernancePage })),
);

/** `/usage`: the user's usage this month, their budget, how long their data is kept, export and delete (the user menu's "Usage and data"). */
export const UsagePage = lazy(() => import(/* webpackChunkName: "page-usage" */ '../pages/usage/usage-page').then((m) => ({ default: m.UsagePage })));

/** `/memory`: what the user asked the assistant to remember (the user menu's "Memory", flag enableMemory). */
export const MemoryPage = lazy(() => import(/* webpackChunkName: "page-memory" */ '../pages/memory/memory-page').then((m) => ({ default: m.MemoryPage })));

/** `/privacy-policy` and `/datenschutz`: the privacy text of the customization, or the default. */
export const PrivacyPolicyPage = lazy(() =>
  import(/* webpackChunkName: "page-privacy-policy" */ '../pages/privacy-policy/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);

/** `/developer/api`: the API reference, rendered from the server's OpenAPI document. */
export const DeveloperApiPage = lazy(() =>
  import(/* webpackChunkName: "page-developer-api" */ '../pages/developer-api/developer-api-page').then((m) => ({ default: m.DeveloperApiPage })),
);

/** Any other path, and any path a remote does not know. */
export const NotFoundPage = lazy(() =>
  import(/* webpackChunkName: "page-not-found" */ '../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

/** `/callback` when the router is already running (start-up completes the sign-in itself). */
export const CallbackPage = lazy(() =>
  import(/* webpackChunkName: "page-callback" */ '../auth/callback-page').then((m) => ({ default: m.CallbackPage })),
);

/** `/oauth/callback`: a connector's OAuth popup, without portal sign-in. */
export const OAuthCallbackPage = lazy(() =>
  import(/* webpackChunkName: "page-callback" */ '../auth/callback-page').then((m) => ({ default: m.OAuthCallbackPage })),
);
