import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { MemoryNote, isMemoryCall } from '../../memory';
import { foundDocuments, isDocumentSearch, type ToolCall } from '../model/tool-calls';

/**
 * An answer's tool calls as collapsible steps (folded at first). The document searches are one
 * step: while they run "Searching the documents…", then "Searched 3 documents" with the documents
 * found (name, pages, the source numbers the answer cites them by), or why it failed. Any other
 * tool is a step of its own, named by the tool, with what it returned. Names and results are shown
 * as text, never as links (they come from documents and tools).
 */
export const ToolStep = memo(function ToolStep({ calls }: { calls: readonly ToolCall[] }) {
  const searches = useMemo(() => calls.filter(isDocumentSearch), [calls]);
  const others = useMemo(() => calls.filter((call) => !isDocumentSearch(call)), [calls]);
  return (
    <>
      {/* A memory saved is a note of its own, "Memory updated" (docs/memory.md). */}
      {others.filter(isMemoryCall).map((call) => (
        <MemoryNote key={call.callId} call={call} />
      ))}
      {searches.length > 0 && <DocumentSearchStep calls={searches} />}
      {others.filter((call) => !isMemoryCall(call)).map((call) => (
        <OtherToolStep key={call.callId} call={call} />
      ))}
    </>
  );
});

function DocumentSearchStep({ calls }: { calls: readonly ToolCall[] }) {
  const { t } = useTranslation(NAMESPACE);
  const documents = useMemo(() => foundDocuments(calls), [calls]);
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
}

/** A tool's result shown under its step: at most this many characters of each text part. */
const RESULT_PREVIEW_CHARACTERS = 300;

function OtherToolStep({ call }: { call: ToolCall }) {
  const { t } = useTranslation(NAMESPACE);
  const running = call.status === 'running';
  const summary = running ? t('tools.otherRunning', { name: call.name }) : call.status === 'failed' ? t('tools.otherFailed', { name: call.name }) : t('tools.otherDone', { name: call.name });
  const texts = call.content.flatMap((part) => (part.type === 'text' && part.text.trim() !== '' ? [part.text] : []));
  return (
    <details className="conversation__tool-step">
      <summary>
        <span className={running ? 'conversation__tool-summary conversation__tool-summary--running' : 'conversation__tool-summary'}>{summary}</span>
      </summary>
      <div className="conversation__tool-body">
        {texts.map((text, index) => (
          <p key={index} className="conversation__tool-result">
            {text.length > RESULT_PREVIEW_CHARACTERS ? `${text.slice(0, RESULT_PREVIEW_CHARACTERS)}…` : text}
          </p>
        ))}
        {call.status === 'done' && texts.length === 0 && <p className="conversation__tool-meta">{t('tools.otherNothing')}</p>}
        {call.status === 'failed' && <p className="conversation__tool-error">{t('tools.error', { message: call.message ?? '' })}</p>}
      </div>
    </details>
  );
}
