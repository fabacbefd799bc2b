import type { RegistryCapability } from '@assistant/contracts';
import { Loading } from '@assistant/ui';
import { useContext, type ReactNode } from 'react';
import { getI18n, I18nContext, useTranslation } from 'react-i18next';
import { useCapability } from '../capabilities/use-capabilities';
import { addFederationNamespace, FEDERATION_NAMESPACE } from './i18n';

export interface RequiresCapabilityProps {
  /** The registry entry's `requires`. */
  capability: RegistryCapability;
  /** Shown when the server says the capability is not available or could not be asked (not found). */
  notFound: ReactNode;
  children: ReactNode;
}

/**
 * The route of a registry entry with `requires`: its remote only once the server says the
 * capability is available (the shared query of ../capabilities); until then a loading state, and
 * the not-found page when it is not available or the question failed, as if the route did not exist.
 */
export function RequiresCapability({ capability, notFound, children }: RequiresCapabilityProps) {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  addFederationNamespace(i18n);
  const { t } = useTranslation(FEDERATION_NAMESPACE);
  const { available, pending } = useCapability(capability);
  if (available) return <>{children}</>;
  if (pending) return <Loading label={t('loading')} fill />;
  return <>{notFound}</>;
}
