import type { Agent } from '@assistant/contracts';
import { AgentIcon, Badge, Button, SharingBadge } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';

export interface AgentListItemProps {
  agent: Agent;
  /** The user is an administrator: publish and unpublish are offered on editable agents. */
  administrator: boolean;
  /** An action on this agent is running (its buttons wait). */
  busy: boolean;
  onDuplicate(agent: Agent): void;
  onExport(agent: Agent): void;
  onDelete(agent: Agent): void;
  onPublish(agent: Agent, published: boolean): void;
  onShare(agent: Agent): void;
}

/** The owner (administrators, a company agent) deletes it and shares it; editors only save versions. */
export const ownsAgent = (agent: Agent) => agent.sharing?.access === 'owner';

/**
 * One agent: icon, name (a link to its form, `/agents/{id}`), a "Company" badge for a published
 * one, how it is shared ("Shared by Maria", "Shared with Finance"), its description; then "Chat"
 * (the chat with this agent, `/chat?agent={id}`), duplicate, export, for administrators on an
 * agent they may change publish or unpublish, and for its owner share (a personal agent) and
 * delete. Each action is named with the agent ("Delete Travel helper").
 */
export function AgentListItem({ agent, administrator, busy, onDuplicate, onExport, onDelete, onPublish, onShare }: AgentListItemProps) {
  const { t } = useTranslation(NAMESPACE);
  const name = agent.name;
  const company = agent.visibility === 'company';
  return (
    <li className="agent-item">
      <div className="agent-item__icon">
        <AgentIcon name={agent.icon} />
      </div>
      <div className="agent-item__main">
        <div className="agent-item__title">
          <Link to={encodeURIComponent(agent.id)} className="agent-item__name">
            {name}
          </Link>
          {company && <Badge variant="info">{t('list.company')}</Badge>}
          {!agent.editable && <Badge>{t('list.readOnly')}</Badge>}
          <SharingBadge sharing={agent.sharing} />
        </div>
        {agent.description && <p className="agent-item__description">{agent.description}</p>}
      </div>
      <div className="agent-item__actions">
        <Link to={`/chat?agent=${encodeURIComponent(agent.id)}`} className="ui-button ui-button--primary ui-button--sm" aria-label={t('list.actions.chatNamed', { name })}>
          {t('list.actions.chat')}
        </Link>
        <Button variant="ghost" size="sm" loading={busy} aria-label={t('list.actions.duplicateNamed', { name })} onClick={() => onDuplicate(agent)}>
          {t('list.actions.duplicate')}
        </Button>
        <Button variant="ghost" size="sm" loading={busy} aria-label={t('list.actions.exportNamed', { name })} onClick={() => onExport(agent)}>
          {t('list.actions.export')}
        </Button>
        {administrator && agent.editable && (
          <Button
            variant="ghost"
            size="sm"
            loading={busy}
            aria-label={t(company ? 'list.actions.unpublishNamed' : 'list.actions.publishNamed', { name })}
            onClick={() => onPublish(agent, !company)}
          >
            {t(company ? 'list.actions.unpublish' : 'list.actions.publish')}
          </Button>
        )}
        {ownsAgent(agent) && !company && (
          <Button variant="ghost" size="sm" aria-label={t('list.actions.shareNamed', { name })} onClick={() => onShare(agent)}>
            {t('list.actions.share')}
          </Button>
        )}
        {ownsAgent(agent) && (
          <Button variant="ghost" size="sm" aria-label={t('list.actions.deleteNamed', { name })} onClick={() => onDelete(agent)}>
            {t('list.actions.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}
