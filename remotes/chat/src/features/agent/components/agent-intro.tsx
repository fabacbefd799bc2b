import type { Agent } from '@assistant/contracts';
import { Badge } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import './agent-intro.css';

export interface AgentIntroProps {
  agent: Agent;
  /** The conversation has no messages yet: the agent introduces itself with its starter prompts. */
  empty: boolean;
  /** A starter prompt was chosen: it is asked as the first question. */
  onStarter(prompt: string): void;
  /** Questions wait (an answer is being written, or the composer is blocked). */
  disabled?: boolean;
}

/**
 * The agent a conversation is with (docs/agents.md): in an empty conversation its name,
 * description and starter prompts as chips that ask them; above the messages, a line naming it.
 */
export function AgentIntro({ agent, empty, onStarter, disabled }: AgentIntroProps) {
  const { t } = useTranslation(NAMESPACE);
  if (!empty) {
    return (
      <p className="agent-intro__line">
        {t('agent.with', { name: agent.name })}
        {agent.visibility === 'company' && <Badge variant="info">{t('agent.company')}</Badge>}
      </p>
    );
  }
  return (
    <section className="agent-intro" aria-labelledby="agent-intro-heading">
      <h2 id="agent-intro-heading" className="agent-intro__name">
        {agent.name}
      </h2>
      {agent.description && <p className="agent-intro__description">{agent.description}</p>}
      {agent.starter_prompts.length > 0 && (
        <ul className="agent-intro__starters" aria-label={t('agent.starters')}>
          {agent.starter_prompts.map((prompt) => (
            <li key={prompt}>
              <button type="button" className="agent-intro__starter" aria-disabled={disabled || undefined} onClick={() => !disabled && onStarter(prompt)}>
                {prompt}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
