import { AGENT_BUILTIN_TOOLS, type AgentTool } from '@assistant/contracts';
import { useToolServersQuery } from '@assistant/endpoints';
import { useFeature } from '@assistant/platform';
import { Badge, Checkbox, Loading } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { FieldGroup } from './field-group';

export interface ToolsFieldProps {
  toolsId: string;
  serversId: string;
  tools: AgentTool[];
  servers: string[];
  toolsError?: string | undefined;
  serversError?: string | undefined;
  onToolsChange(tools: AgentTool[]): void;
  onServersChange(servers: string[]): void;
}

/**
 * The agent's tools: the server's built-in tools as checkboxes, and (feature set BETA: mcpTools)
 * the registered MCP tool servers (GET /api/mcp-servers).
 */
export function ToolsField({ toolsId, serversId, tools, servers, toolsError, serversError, onToolsChange, onServersChange }: ToolsFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const serversOn = useFeature('mcpTools');
  const serverList = useToolServersQuery(serversOn);
  const known = new Set((serverList.data ?? []).map((server) => server.id));
  const missing = servers.filter((id) => !known.has(id));
  const toggleServer = (id: string, checked: boolean) => onServersChange(checked ? [...servers, id] : servers.filter((entry) => entry !== id));

  let serverContent;
  if (serverList.isPending) serverContent = <Loading label={t('form.tools.serversLoading')} size="sm" />;
  else if (serverList.isError) serverContent = <p role="alert" className="agent-form__note">{t('form.tools.serversFailed')}</p>;
  else if (serverList.data.length === 0 && missing.length === 0) serverContent = <p className="agent-form__note">{t('form.tools.serversNone')}</p>;
  else {
    serverContent = (
      <div className="agent-form__choices">
        {serverList.data.map((server) => (
          <Checkbox key={server.id} label={server.name} checked={servers.includes(server.id)} onChange={(event) => toggleServer(server.id, event.target.checked)} />
        ))}
        {missing.map((id) => (
          <Checkbox key={id} label={t('form.tools.serverUnavailable', { id })} checked onChange={(event) => toggleServer(id, event.target.checked)} />
        ))}
      </div>
    );
  }

  return (
    <>
      <FieldGroup id={toolsId} legend={t('form.tools.legend')} description={t('form.tools.description')} error={toolsError}>
        <div className="agent-form__choices">
          {AGENT_BUILTIN_TOOLS.map((tool) => (
            <Checkbox
              key={tool}
              label={t(`form.tools.builtin.${tool}.label`)}
              description={t(`form.tools.builtin.${tool}.description`)}
              checked={tools.includes(tool)}
              onChange={(event) => onToolsChange(event.target.checked ? [...tools, tool] : tools.filter((entry) => entry !== tool))}
            />
          ))}
        </div>
      </FieldGroup>
      {serversOn && (
        <FieldGroup
          id={serversId}
          legend={
            <>
              {t('form.tools.serversLegend')} <Badge variant="info">{t('form.beta')}</Badge>
            </>
          }
          description={t('form.tools.serversDescription')}
          error={serversError}
        >
          {serverContent}
        </FieldGroup>
      )}
    </>
  );
}
