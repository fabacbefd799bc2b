import { Button, Card } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';
import type { ImportOutcome } from '../hooks/use-agent-actions';

/** The names an export document gives its collections (id → name), where it has any. */
function collectionNames(document: unknown): Map<string, string> {
  const names = new Map<string, string>();
  const collections = (document as { agent?: { collections?: unknown } } | null)?.agent?.collections;
  if (Array.isArray(collections)) {
    for (const entry of collections as { id?: unknown; name?: unknown }[]) {
      if (typeof entry.id === 'string' && typeof entry.name === 'string') names.set(entry.id, entry.name);
    }
  }
  return names;
}

export interface ImportReportProps {
  outcome: ImportOutcome;
  onClose(): void;
}

/**
 * What an import made and what it had to leave out: collections the user may not read (by the
 * names the document gives them), tool servers not registered here, a model not on offer.
 */
export function ImportReport({ outcome, onClose }: ImportReportProps) {
  const { t } = useTranslation(NAMESPACE);
  const { agent, dropped } = outcome.answer;
  const names = collectionNames(outcome.document);
  const lines: string[] = [];
  if (dropped.collection_ids.length > 0) {
    const listed = dropped.collection_ids.map((id) => t('list.import.quoted', { name: names.get(id) ?? id })).join(', ');
    lines.push(t('list.import.droppedCollections', { count: dropped.collection_ids.length, names: listed }));
  }
  if (dropped.server_ids.length > 0) lines.push(t('list.import.droppedServers', { count: dropped.server_ids.length }));
  if (dropped.model_id !== undefined) lines.push(t('list.import.droppedModel', { model: dropped.model_id }));
  return (
    <Card
      title={t('list.import.reportTitle')}
      headingLevel={2}
      className="agents-import-report"
      footer={
        <>
          <Link to={encodeURIComponent(agent.id)} className="ui-button ui-button--secondary ui-button--sm">
            {t('list.import.open', { name: agent.name })}
          </Link>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('list.import.close')}
          </Button>
        </>
      }
    >
      <p>{t('list.import.created', { name: agent.name })}</p>
      {lines.length === 0 ? (
        <p>{t('list.import.nothingDropped')}</p>
      ) : (
        <>
          <p>{t('list.import.droppedIntro')}</p>
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
