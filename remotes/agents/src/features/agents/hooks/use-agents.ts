import type { Agent } from '@assistant/contracts';
import { useLocale } from '@assistant/platform';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useAgentsQuery } from '../api/get-agents';
import { describeAgentError } from '../model/describe-agent-error';

export type AgentsStatus = 'loading' | 'ready' | 'failed';

export interface UseAgents {
  status: AgentsStatus;
  agents: Agent[];
  /** Why the list could not be loaded (status failed), in the interface language. */
  error: string | undefined;
  reloading: boolean;
  reload(): void;
}

/** The agents as the list shows them: loading, ready (also when a reload failed: the last list stays) or failed. */
export function useAgents(): UseAgents {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const query = useAgentsQuery();
  const reload = () => void query.refetch();
  if (query.data) return { status: 'ready', agents: query.data, error: undefined, reloading: query.isFetching, reload };
  if (query.isError) {
    return { status: 'failed', agents: [], error: describeAgentError(query.error, t, language).message, reloading: query.isFetching, reload };
  }
  return { status: 'loading', agents: [], error: undefined, reloading: false, reload };
}
