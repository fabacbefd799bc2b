import type { FeatureFlags, RemoteRegistryEntry } from '@assistant/contracts';
import type { FeatureName } from '@assistant/platform';
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { CallbackPage, OAuthCallbackPage } from '../auth/callback-page';
import { requireSession } from '../auth/require-session';
import { createRemoteRoute } from '../federation';
import { ShellLayout } from '../layout/shell-layout';
import { AccessibilityPage } from '../pages/accessibility/accessibility-page';
import { CustomizationPage } from '../pages/customization/customization-page';
import { HomePage } from '../pages/home-page';
import { NotFoundPage } from '../pages/not-found-page';
import { SignLanguagePage } from '../pages/sign-language-page';

/** BETA only, and loaded when first opened (the shell layout's Suspense shows nothing meanwhile). */
const EasyLanguagePage = lazy(() => import('../pages/easy-language/easy-language-page'));

export interface RouteInput {
  flags: FeatureFlags;
  isFeatureAvailable: (feature: FeatureName) => boolean;
  /** Registry entries already filtered to those whose flag and feature are on. */
  remotes: readonly RemoteRegistryEntry[];
  isAdmin: boolean;
}

/**
 * The route table of SPEC section 2. Everything under `/` needs a valid session (the guard is the
 * shell route's loader); `/callback` and `/oauth/callback` do not. A route whose feature is off is
 * simply absent, so its path shows the not-found page.
 */
export function buildRoutes({ flags, isFeatureAvailable, remotes, isAdmin }: RouteInput): RouteObject[] {
  const children: RouteObject[] = [
    flags.enableHomepage
      ? { index: true, element: <HomePage /> }
      : { index: true, element: <Navigate to="/translate" replace /> },
  ];
  if (isFeatureAvailable('accessibility')) children.push({ path: 'accessibility', element: <AccessibilityPage /> });
  if (isFeatureAvailable('signLanguage')) children.push({ path: 'sign-language', element: <SignLanguagePage /> });
  if (isFeatureAvailable('easyLanguage')) children.push({ path: 'easy-language', element: <EasyLanguagePage /> });
  if (isAdmin && flags.enableCustomization && isFeatureAvailable('customizationView')) {
    children.push({ path: 'customization', element: <CustomizationPage /> });
  }
  for (const entry of remotes) children.push(createRemoteRoute(entry, <NotFoundPage />));
  children.push({ path: '*', element: <NotFoundPage /> });

  return [
    { path: '/callback', element: <CallbackPage /> },
    { path: '/oauth/callback', element: <OAuthCallbackPage /> },
    { path: '/', id: 'shell', loader: requireSession, element: <ShellLayout />, children },
  ];
}
