import type { Agent, AgentImportResponse } from '@assistant/contracts';
import { LocalizedError, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { downloadJson, readFileText } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useDeleteAgent } from '../api/delete-agent';
import { useDuplicateAgent } from '../api/duplicate-agent';
import { exportAgent } from '../api/export-agent';
import { useImportAgent } from '../api/import-agent';
import { useSetAgentVisibility } from '../api/set-agent-visibility';
import { describeAgentError, type AgentFailure } from '../model/describe-agent-error';
import { exportFileName } from '../model/download-json';

export type ActionResult<T = undefined> = { ok: true; value: T } | { ok: false; failure: AgentFailure; gone: boolean };

/** An import that worked: the server's answer and the document that was sent (it names the dropped collections). */
export interface ImportOutcome {
  answer: AgentImportResponse;
  document: unknown;
}

export interface AgentActions {
  duplicate(agent: Agent): Promise<ActionResult<Agent>>;
  exportToFile(agent: Agent): Promise<ActionResult>;
  importFile(file: File): Promise<ActionResult<ImportOutcome>>;
  remove(agent: Agent): Promise<ActionResult>;
  setPublished(agent: Agent, published: boolean): Promise<ActionResult<Agent>>;
}

/**
 * The list's actions on an agent: each calls the API (the mutations update the cached list) and
 * reports the outcome as a notification; a failure also comes back, so a dialog can stay open and
 * say why.
 */
export function useAgentActions(): AgentActions {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const deleting = useDeleteAgent();
  const duplicating = useDuplicateAgent();
  const importing = useImportAgent();
  const publishing = useSetAgentVisibility();

  const failed = (error: unknown, textKey: string, values: Record<string, unknown> = {}) => {
    const failure = describeAgentError(error, t, language);
    if (failure.kind === 'other') console.error(error);
    notifyError(new LocalizedError(t(textKey, { ...values, reason: failure.message })));
    return { ok: false as const, failure, gone: failure.kind === 'not-found' };
  };

  return {
    async duplicate(agent) {
      try {
        const copy = await duplicating.mutateAsync(agent.id);
        notifySuccess({ message: { text: t('list.duplicate.success', { name: copy.name }) } });
        return { ok: true, value: copy };
      } catch (error) {
        return failed(error, 'list.duplicate.failed', { name: agent.name });
      }
    },
    async exportToFile(agent) {
      try {
        downloadJson(await exportAgent(agent.id), exportFileName(agent.name));
        notifySuccess({ message: { text: t('list.export.success', { name: agent.name }) } });
        return { ok: true, value: undefined };
      } catch (error) {
        return failed(error, 'list.export.failed', { name: agent.name });
      }
    },
    async importFile(file) {
      let document: unknown;
      try {
        document = JSON.parse(await readFileText(file));
      } catch {
        const failure: AgentFailure = { kind: 'invalid', message: t('list.import.notJson', { file: file.name }) };
        notifyError(new LocalizedError(failure.message));
        return { ok: false, failure, gone: false };
      }
      try {
        const answer = await importing.mutateAsync(document);
        notifySuccess({ message: { text: t('list.import.success', { name: answer.agent.name }) } });
        return { ok: true, value: { answer, document } };
      } catch (error) {
        return { ...failed(error, 'list.import.failed', { file: file.name }), gone: false };
      }
    },
    async remove(agent) {
      try {
        await deleting.mutateAsync(agent.id);
        notifySuccess({ message: { text: t('list.delete.success', { name: agent.name }) } });
        return { ok: true, value: undefined };
      } catch (error) {
        const result = failed(error, 'list.delete.failed', { name: agent.name });
        if (result.gone) deleting.forget(agent.id);
        return result;
      }
    },
    async setPublished(agent, published) {
      try {
        const changed = await publishing.mutateAsync({ id: agent.id, visibility: published ? 'company' : 'personal' });
        notifySuccess({ message: { text: t(published ? 'list.publish.success' : 'list.unpublish.success', { name: agent.name }) } });
        return { ok: true, value: changed };
      } catch (error) {
        return failed(error, published ? 'list.publish.failed' : 'list.unpublish.failed', { name: agent.name });
      }
    },
  };
}
