import type { FeatureFlags, RemoteRegistryEntry } from '@assistant/contracts';
import type { FeatureName } from '@assistant/platform';
import { Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from '@assistant/routing';
import { RequireSession } from '../auth/require-session';
import { createRemoteRoute } from '../federation';
import { ShellLayout } from '../layout/shell-layout';
import {
  AccessibilityPage,
  CallbackPage,
  CustomizationPage,
  DeveloperApiPage,
  EasyLanguagePage,
  GovernancePage,
  GroupsPage,
  HomePage,
  MemoryPage,
  NotFoundPage,
  OAuthCallbackPage,
  PrivacyPolicyPage,
  SignLanguagePage,
  UsagePage,
} from './lazy-pages';
import { StartScreen } from './start-screen';

/** The two callback routes are outside the shell layout: their own Suspense while the page loads. */
function Standalone({ children }: { children: ReactNode }) {
  return <Suspense fallback={<StartScreen state="loading" />}>{children}</Suspense>;
}

export interface RouteInput {
  flags: FeatureFlags;
  isFeatureAvailable: (feature: FeatureName) => boolean;
  /** Registry entries already filtered to those whose flag and feature are on. */
  remotes: readonly RemoteRegistryEntry[];
  isAdmin: boolean;
}

/**
 * The route table of SPEC section 2. Everything under `/` needs a valid session (the guard,
 * RequireSession, wraps the shell layout); `/callback` and `/oauth/callback` do not. A route whose feature is off is
 * simply absent, so its path shows the not-found page. Every page is lazy (./lazy-pages).
 */
export function buildRoutes({ flags, isFeatureAvailable, remotes, isAdmin }: RouteInput): RouteObject[] {
  const children: RouteObject[] = [
    flags.enableHomepage
      ? { index: true, element: <HomePage /> }
      : { index: true, element: <Navigate to="/translate" replace /> },
  ];
  // The privacy policy is for everyone signed in, under its English and its German address.
  children.push({ path: 'privacy-policy', element: <PrivacyPolicyPage /> }, { path: 'datenschutz', element: <PrivacyPolicyPage /> });
  // The API reference, for everyone signed in (docs/api.md).
  children.push({ path: 'developer/api', element: <DeveloperApiPage /> });
  // Their own usage, budget and data (docs/operations.md "What users see"), for everyone signed in.
  children.push({ path: 'usage', element: <UsagePage /> });
  // What they asked the assistant to remember (docs/memory.md), while the company has memory on.
  if (flags.enableMemory) children.push({ path: 'memory', element: <MemoryPage /> });
  if (isFeatureAvailable('accessibility')) children.push({ path: 'accessibility', element: <AccessibilityPage /> });
  if (isFeatureAvailable('signLanguage')) children.push({ path: 'sign-language', element: <SignLanguagePage /> });
  if (isFeatureAvailable('easyLanguage')) children.push({ path: 'easy-language', element: <EasyLanguagePage /> });
  // The groups from the identity provider, for administrators (sharing works without the page).
  if (isAdmin) children.push({ path: 'groups', element: <GroupsPage /> });
  // Usage, budgets and the portal's other records, for administrators; the page routes its tabs.
  if (isAdmin) children.push({ path: 'governance/*', element: <GovernancePage /> });
  if (isAdmin && flags.enableCustomization && isFeatureAvailable('customizationView')) {
    children.push({ path: 'customization', element: <CustomizationPage /> });
  }
  for (const entry of remotes) children.push(createRemoteRoute(entry, <NotFoundPage />));
  children.push({ path: '*', element: <NotFoundPage /> });

  return [
    {
      path: '/callback',
      element: (
        <Standalone>
          <CallbackPage />
        </Standalone>
      ),
    },
    {
      path: '/oauth/callback',
      element: (
        <Standalone>
          <OAuthCallbackPage />
        </Standalone>
      ),
    },
    {
      path: '/',
      id: 'shell',
      element: (
        <RequireSession>
          <ShellLayout />
        </RequireSession>
      ),
      children,
    },
  ];
}
