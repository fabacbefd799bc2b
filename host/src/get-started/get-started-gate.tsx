import { useConfigStore } from '@assistant/platform';
import { lazy, Suspense } from 'react';
import type { NavigationItem } from '../navigation/build-navigation';

// The guided start and the call that asks whether to show it are a chunk of their own, and so is
// the privacy notice: the shell's start-up carries only this gate (docs/get-started.md).
const GetStarted = lazy(() => import(/* webpackChunkName: "get-started" */ './get-started').then((m) => ({ default: m.GetStarted })));
const PrivacyNotice = lazy(() => import(/* webpackChunkName: "privacy-notice" */ '../layout/privacy-notice').then((m) => ({ default: m.PrivacyNotice })));

/**
 * The guided start on a user's first visit, which includes the privacy notice and names the areas
 * of `navigation` (the user's live navigation: only what is switched on for them); where
 * administrators switched it off (customization `get_started_enabled`), the privacy notice alone.
 */
export function GetStartedGate({ navigation }: { navigation: readonly NavigationItem[] }) {
  const enabled = useConfigStore((state) => state.config.customization.get_started_enabled);
  return <Suspense fallback={null}>{enabled ? <GetStarted navigation={navigation} /> : <PrivacyNotice />}</Suspense>;
}
