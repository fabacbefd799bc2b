import type { Agent } from '@assistant/contracts';
import { usePermission } from '@assistant/platform';
import { ActionConfirmDialog, EmptyState, FileImportButton, ListStates, TextField, useAnnouncer, VisuallyHidden } from '@assistant/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';
import { ShareAgentDialog } from '../../agent-sharing';
import { useAgentActions, type ImportOutcome } from '../hooks/use-agent-actions';
import { useAgents } from '../hooks/use-agents';
import { filterAgents } from '../model/filter-agents';
import { AgentListItem } from './agent-list-item';
import { ImportReport } from './import-report';
import '../agents.css';

/**
 * The agents of /agents: search by name and description, the list (personal and company agents),
 * an empty state that leads to "New agent", import of an export file (with a report of what the
 * server dropped) and the actions of each agent; delete asks first, share opens the share dialog.
 * Publish and unpublish are for administrators (AdministrateAssistant, the permission the host
 * checks for /customization).
 */
export function AgentsPanel() {
  const { t } = useTranslation(NAMESPACE);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = useAgents();
  const actions = useAgentActions();
  const administrator = usePermission('AdministrateAssistant') === true;
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const [sharing, setSharing] = useState<Agent | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [report, setReport] = useState<ImportOutcome | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const [announcement, announce] = useAnnouncer();

  // After a delete the button that opened the dialog is gone: keep focus in the list's section.
  useEffect(() => {
    if (!focusHeading || deleting !== null) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading, deleting]);

  const shown = filterAgents(list.agents, query);
  const searching = query.trim() !== '';

  // The number of matches is read out as the user types.
  useEffect(() => {
    if (list.status === 'ready' && searching) announce(t('list.search.count', { count: shown.length }));
  }, [list.status, searching, shown.length, announce, t]);

  const run = async <T,>(agent: Agent, action: () => Promise<T>) => {
    setBusy(agent.id);
    try {
      return await action();
    } finally {
      setBusy(null);
    }
  };

  const onFile = async (file: File) => {
    setImporting(true);
    setReport(null);
    const result = await actions.importFile(file);
    setImporting(false);
    if (result.ok) {
      setReport(result.value);
      announce(t('list.import.success', { name: result.value.answer.agent.name }));
    }
  };

  const create = (
    <Link to="new" className="ui-button ui-button--primary ui-button--md">
      {t('list.create')}
    </Link>
  );

  const content = (
    <ListStates
      list={list}
      texts={{ loading: t('list.loading'), failed: t('list.failed.title'), retry: t('list.failed.retry') }}
      empty={list.agents.length === 0 ? { title: t('list.empty.title'), text: t('list.empty.text'), action: create } : null}
    >
      {shown.length === 0 ? (
        <EmptyState headingLevel={3} title={t('list.search.noneTitle')} text={t('list.search.noneText', { query: query.trim() })} />
      ) : (
        // role="list": Safari drops list semantics from a list without bullets.
        <ul role="list" className="agent-list" aria-labelledby="agents-heading">
          {shown.map((agent) => (
            <AgentListItem
              key={agent.id}
              agent={agent}
              administrator={administrator}
              busy={busy === agent.id}
              onDuplicate={(target) => void run(target, () => actions.duplicate(target))}
              onExport={(target) => void run(target, () => actions.exportToFile(target))}
              onPublish={(target, published) => void run(target, () => actions.setPublished(target, published))}
              onDelete={setDeleting}
              onShare={setSharing}
            />
          ))}
        </ul>
      )}
    </ListStates>
  );

  return (
    <section aria-labelledby="agents-heading" className="agents-panel">
      <div className="agents-panel__header">
        <h2 id="agents-heading" ref={headingRef} tabIndex={-1} className="agents-panel__heading">
          {t('list.heading')}
        </h2>
        <div className="agents-panel__tools">
          <FileImportButton label={t('list.import.button')} loading={importing} onFile={(file) => void onFile(file)} />
        </div>
      </div>
      {list.status === 'ready' && list.agents.length > 0 && (
        <TextField
          type="search"
          label={t('list.search.label')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          className="agents-panel__search"
        />
      )}
      {report && <ImportReport outcome={report} onClose={() => setReport(null)} />}
      {content}
      {deleting && (
        <ActionConfirmDialog
          danger
          title={t('list.delete.title')}
          message={t('list.delete.message', { name: deleting.name })}
          confirmLabel={t('list.delete.confirm')}
          cancelLabel={t('list.delete.cancel')}
          onConfirm={async () => {
            const result = await actions.remove(deleting);
            if (result.ok || result.gone) {
              setFocusHeading(true);
              announce(t('list.delete.success', { name: deleting.name }));
              return undefined;
            }
            return result.failure.message;
          }}
          onClose={() => setDeleting(null)}
        />
      )}
      {sharing && <ShareAgentDialog agent={sharing} onClose={() => setSharing(null)} />}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </section>
  );
}
