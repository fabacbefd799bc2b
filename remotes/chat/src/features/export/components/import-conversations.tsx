import { CONVERSATION_IMPORT_MAX_CONVERSATIONS, CONVERSATION_IMPORT_MAX_FILE_BYTES, CONVERSATION_IMPORT_MAX_MESSAGES, CONVERSATION_IMPORT_MESSAGE_MAX_CHARACTERS } from '@assistant/contracts';
import { useLocale } from '@assistant/platform';
import { Button, Dialog, FileImportButton } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ScopedChatHistory } from '../../history';
import { useImportConversations, type ImportState } from '../hooks/use-import-conversations';
import { LEFT_OUT_CONTENTS, SKIPPED_CONVERSATION_REASONS, type ImportReport } from '../model/import-report';
import '../export.css';

/** The JSON files the picker offers (ChatGPT's conversations.json is one). */
const ACCEPT = 'application/json,.json';

/**
 * "Import conversations…" at the foot of the conversation list: a dialog that says which files it
 * takes (this portal's export, ChatGPT's conversations.json) and its limits, then reads the picked
 * file with a progress bar and says how many conversations came in and what was left out (images,
 * tool results, duplicates...), or why the file could not be imported.
 */
export function ImportConversations({ history }: { history: ScopedChatHistory }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const { state, start, reset } = useImportConversations(history);
  const busy = state.phase === 'reading' || state.phase === 'importing';
  const close = () => {
    setOpen(false);
    reset();
  };
  return (
    <>
      <Button variant="ghost" size="sm" className="chat-export__import-open" onClick={() => setOpen(true)}>
        {t('export.import.open')}
      </Button>
      {open && (
        <Dialog open size="sm" title={t('export.import.title')} closeLabel={t('export.import.close')} dismissible={!busy} onClose={close}>
          <ImportBody state={state} />
          <div className="chat-export__import-actions">
            <FileImportButton
              label={t(state.phase === 'done' || state.phase === 'failed' ? 'export.import.another' : 'export.import.choose')}
              accept={ACCEPT}
              loading={busy}
              variant={state.phase === 'idle' ? 'primary' : 'secondary'}
              onFile={(file) => void start(file)}
            />
          </div>
        </Dialog>
      )}
    </>
  );
}

function ImportBody({ state }: { state: ImportState }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const number = (value: number) => value.toLocaleString(language);
  return (
    <>
      <p>{t('export.import.intro')}</p>
      <p className="chat-export__hint">
        {t('export.import.limits', { size: number(CONVERSATION_IMPORT_MAX_FILE_BYTES / 1024 / 1024), count: number(CONVERSATION_IMPORT_MAX_CONVERSATIONS) })}
      </p>
      <div role="status" className="chat-export__import-status">
        {state.phase === 'reading' && <p>{t('export.import.reading', { file: state.fileName })}</p>}
        {state.phase === 'importing' && (
          <>
            <p>{t('export.import.progress', { done: number(state.done), total: number(state.total) })}</p>
            <progress className="chat-export__progress" max={state.total} value={state.done} aria-label={t('export.import.progressLabel')} />
          </>
        )}
        {state.phase === 'done' && (
          <>
            <p className="chat-export__result">{t('export.import.done', { count: state.imported.length, file: state.fileName })}</p>
            <LeftOut report={state.report} />
          </>
        )}
      </div>
      {state.phase === 'failed' && (
        <p role="alert" className="chat-export__error">
          {state.message}
        </p>
      )}
    </>
  );
}

/** "Left out: 2 images, 1 tool result and 1 conversation listed twice." (nothing when nothing was). */
function LeftOut({ report }: { report: ImportReport }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const limits = { maxCharacters: CONVERSATION_IMPORT_MESSAGE_MAX_CHARACTERS.toLocaleString(language), maxMessages: CONVERSATION_IMPORT_MAX_MESSAGES.toLocaleString(language) };
  const items = [
    ...LEFT_OUT_CONTENTS.flatMap((what) => (report.leftOut[what] ? [t(`export.import.leftOutItems.${what}`, { count: report.leftOut[what], ...limits })] : [])),
    ...SKIPPED_CONVERSATION_REASONS.flatMap((why) => (report.skippedConversations[why] ? [t(`export.import.skippedItems.${why}`, { count: report.skippedConversations[why] })] : [])),
  ];
  if (items.length === 0) return null;
  return <p>{t('export.import.leftOut', { items: new Intl.ListFormat(language, { type: 'conjunction' }).format(items) })}</p>;
}
