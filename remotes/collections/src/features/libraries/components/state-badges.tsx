import type { LibraryBindingState, LibraryConnectionState } from '@assistant/contracts';
import { Badge, type BadgeProps } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

const CONNECTION_VARIANT: Record<LibraryConnectionState, BadgeProps['variant']> = {
  connected: 'success',
  'needs-sign-in': 'info',
  failed: 'error',
};

/** A connection's state in words ("Connected", "Signed out", "Connection failed"); the colour only repeats it. */
export function ConnectionStateBadge({ state }: { state: LibraryConnectionState }) {
  const { t } = useTranslation(NAMESPACE);
  return <Badge variant={CONNECTION_VARIANT[state]}>{t(`libraries.connectionState.${state}`)}</Badge>;
}

const BINDING_VARIANT: Record<LibraryBindingState, BadgeProps['variant']> = {
  idle: 'success',
  syncing: 'primary',
  paused: 'neutral',
  failed: 'error',
};

/** A synced folder's state in words ("Up to date", "Syncing", "Paused", "Sync failed"). */
export function BindingStateBadge({ state }: { state: LibraryBindingState }) {
  const { t } = useTranslation(NAMESPACE);
  return <Badge variant={BINDING_VARIANT[state]}>{t(`libraries.bindingState.${state}`)}</Badge>;
}
