import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { foundDocuments, type ToolCall } from '../model/tool-calls';

/**
 * An answer's retrieval as one collapsible step (folded at first): while it runs "Searching the
 * documents…", then "Searched 3 documents" with the documents found (name, pages, the source
 * numbers the answer cites them by), or why it failed. Document names are shown as text, never
 * as links (they come from the documents).
 */
export const ToolStep = memo(function ToolStep({ calls }: { calls: readonly ToolCall[] }) {
  const { t } = useTranslation(NAMESPACE);
  const documents = useMemo(() => foundDocuments(calls), [calls]);
  if (calls.length === 0) return null;
  const running = calls.some((call) => call.status === 'running');
  const failed = calls.filter((call) => call.status === 'failed');
  const summary = running
    ? t('tools.running')
    : failed.length === calls.length
      ? t('tools.failed')
      : documents.length === 0
        ? t('tools.nothing')
        : t('tools.searched', { count: documents.length });
  return (
    <details className="conversation__tool-step">
      <summary>
        <span className={running ? 'conversation__tool-summary conversation__tool-summary--running' : 'conversation__tool-summary'}>{summary}</span>
      </summary>
      <div className="conversation__tool-body">
        {documents.length > 0 && (
          <ul className="conversation__tool-documents" aria-label={t('tools.documentsLabel')}>
            {documents.map((document) => (
              <li key={document.key}>
                <span className="conversation__tool-document">{document.name}</span>{' '}
                <span className="conversation__tool-meta">
                  {document.totalPages ? `${t('tools.pages', { count: document.totalPages })} · ` : ''}
                  {t('tools.cited', { numbers: document.citations.map((n) => `[${n}]`).join(' ') })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {failed.map((call) => (
          <p key={call.callId} className="conversation__tool-error">
            {t('tools.error', { message: call.message ?? '' })}
          </p>
        ))}
        {running && documents.length === 0 && <p className="conversation__tool-meta">{t('tools.runningText')}</p>}
      </div>
    </details>
  );
});
