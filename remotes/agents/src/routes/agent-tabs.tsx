import { LinkTabs, type RenderLink } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NavLink } from '@assistant/routing';
import { NAMESPACE } from '../namespace';

/** The router decides the active tab; `end`: the agent's own address is not active on its versions. */
const renderLink: RenderLink = ({ href, className, children }) => (
  <NavLink to={href} className={className} end>
    {children}
  </NavLink>
);

/** An agent's two pages as tabs that are links: its form (or details) and its versions. */
export function AgentTabs({ agentPath }: { agentPath: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <LinkTabs
      label={t('tabs.label')}
      renderLink={renderLink}
      items={[
        { id: 'agent', href: agentPath, label: t('tabs.agent') },
        { id: 'versions', href: `${agentPath}/versions`, label: t('tabs.versions') },
      ]}
    />
  );
}
