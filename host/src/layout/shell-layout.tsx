import { isFeatureAvailable, useConfigStore, useGatingStore, useWorkspaceStore } from '@assistant/platform';
import {
  AccessibilityIcon,
  AppLayout,
  ChartIcon,
  EasyLanguageIcon,
  GroupsIcon,
  Icon,
  SettingsIcon,
  SideNavigation,
  SignLanguageIcon,
  type RenderLink,
} from '@assistant/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from '@assistant/routing';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { useShell } from '../app/shell-context';
import { useCapabilities } from '../capabilities/use-capabilities';
import { RemoteSidePanel } from '../federation/remote-side-panel';
import { useBranding } from '../branding/use-branding';
import { useThemeChoice } from '../theme/use-resolved-theme';
import { GetStartedGate } from '../get-started/get-started-gate';
import { NotificationsHost } from '../notifications/notifications-host';
import { liveNavigation } from '../navigation/build-navigation';
import { preloadHandlers } from '../navigation/preload-on-intent';
import { ShellHeader } from './shell-header';

// The footer's links arrive with the page (a chunk of its own, asked for as the frame mounts):
// the shell's start-up carries the frame only.
const ShellFooter = lazy(() => import(/* webpackChunkName: "shell-footer" */ './shell-footer').then((m) => ({ default: m.ShellFooter })));

// Hovering or focusing an entry loads the remote behind it (navigation/preload-on-intent.ts).
const renderNavLink: RenderLink = ({ href, className, children }) => (
  <NavLink to={href} end={href === '/'} className={className} {...preloadHandlers(href)}>
    {children}
  </NavLink>
);

/** The frame every page under `/` is shown in: header, navigation, the page, notifications. */
export function ShellLayout() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const { navigation: startNavigation, remotes, isAdmin } = useShell();
  const customization = useConfigStore((state) => state.config.customization);
  const sidebarOpen = useWorkspaceStore((state) => state.sidebarOpen);
  const setSidebarOpen = useWorkspaceStore((state) => state.setSidebarOpen);
  const flags = useGatingStore((state) => state.flags);
  const featureSet = useGatingStore((state) => state.featureSet);
  const isCapabilityAvailable = useCapabilities(remotes);
  const { key: navigationKey } = useLocation();
  useThemeChoice();
  useBranding(customization);

  // An area an administrator switches off leaves the navigation at once (the gating store reloads);
  // an entry that requires a capability shows once the server says it is available.
  const navigation = liveNavigation(startNavigation, {
    flags,
    isFeatureAvailable: (feature) => isFeatureAvailable(featureSet, feature),
    isCapabilityAvailable,
    remotes,
  });
  const items = navigation.map((item) => ({
    id: item.id,
    href: item.to,
    label: t(item.labelKey),
    icon: <Icon name={item.icon} />,
  }));
  const secondary = [
    isFeatureAvailable(featureSet, 'easyLanguage') && {
      id: 'easy-language',
      href: '/easy-language',
      label: t('NAVIGATION.easyLanguage'),
      icon: <EasyLanguageIcon />,
    },
    isFeatureAvailable(featureSet, 'accessibility') && {
      id: 'accessibility',
      href: '/accessibility',
      label: t('NAVIGATION.accessibility'),
      icon: <AccessibilityIcon />,
    },
    isFeatureAvailable(featureSet, 'signLanguage') && {
      id: 'sign-language',
      href: '/sign-language',
      label: t('NAVIGATION.signLanguage'),
      icon: <SignLanguageIcon />,
    },
    isAdmin && {
      id: 'groups',
      href: '/groups',
      label: t('NAVIGATION.groups'),
      icon: <GroupsIcon />,
    },
    isAdmin && {
      id: 'governance',
      href: '/governance',
      label: t('NAVIGATION.governance'),
      icon: <ChartIcon />,
    },
    isAdmin && flags.enableCustomization === true && isFeatureAvailable(featureSet, 'customizationView') && {
      id: 'customization',
      href: '/customization',
      label: t('NAVIGATION.customization'),
      icon: <SettingsIcon />,
    },
  ].filter((item): item is Exclude<typeof item, false> => item !== false);

  return (
    <>
      <AppLayout
        header={<ShellHeader />}
        footer={
          <Suspense fallback={null}>
            <ShellFooter />
          </Suspense>
        }
        sidebar={<SideNavigation label={t('NAVIGATION.label')} items={items} renderLink={renderNavLink} />}
        // The open remote's part of the panel (the chat's conversations), between the two lists.
        sidebarPanel={<RemoteSidePanel remotes={remotes} isRouted={(entry) => !entry.requires || isCapabilityAvailable(entry.requires)} />}
        sidebarEnd={<SideNavigation label={t('NAVIGATION.more')} items={secondary} renderLink={renderNavLink} />}
        navigationKey={navigationKey}
        sidebarOpen={sidebarOpen}
        onSidebarOpenChange={setSidebarOpen}
        skipLinkLabel={t('NAVIGATION.skip')}
        toggleLabel={t('NAVIGATION.toggle')}
      >
        <Suspense>
          <Outlet />
        </Suspense>
      </AppLayout>
      <GetStartedGate navigation={navigation} />
      <NotificationsHost />
    </>
  );
}
