import { REMEMBER_TOOL_NAME } from '@assistant/contracts';
import { useFlag } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import './memory-note.css';

/** Where the user manages their memories (the shell's page, docs/memory.md). */
export const MEMORY_PAGE_PATH = '/memory';

/** Whether a tool call is a memory being saved (shown as a note, not as a tool step). */
export const isMemoryCall = (call: { name: string }): boolean => call.name === REMEMBER_TOOL_NAME;

/** The `remember` call as the answer has it (the conversation's ToolCall fits). */
export interface MemoryCall {
  status: 'running' | 'done' | 'failed';
  /** What was saved: the end event's text parts. */
  content: ReadonlyArray<{ type: string; text?: string }>;
  /** Why it could not be saved (written for the user by the server). */
  message?: string | undefined;
}

/**
 * "Memory updated" under an answer that saved something the user asked it to remember, with what
 * was saved and a link to the memory page, as ChatGPT shows it; "Updating memory…" while it runs,
 * and why not when it could not be saved. The saved text is the user's own, shown as text.
 */
export function MemoryNote({ call }: { call: MemoryCall }) {
  const { t } = useTranslation(NAMESPACE);
  // Switched off for the company since: the page is gone, so is the link.
  const pageThere = useFlag('enableMemory');
  const saved = call.content.flatMap((part) => (part.type === 'text' && part.text ? [part.text] : [])).join(' ');
  return (
    <p className={call.status === 'failed' ? 'chat-memory-note chat-memory-note--failed' : 'chat-memory-note'}>
      <svg className="chat-memory-note__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M4 1.5h8a1 1 0 0 1 1 1v12l-5-3-5 3v-12a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      <span className="chat-memory-note__state">
        {call.status === 'running' ? t('memory.running') : call.status === 'failed' ? t('memory.failed', { message: call.message ?? '' }) : t('memory.updated')}
      </span>
      {call.status === 'done' && saved && <span className="chat-memory-note__text">{t('memory.saved', { text: saved })}</span>}
      {pageThere && (
        <Link to={MEMORY_PAGE_PATH} className="chat-memory-note__link">
          {t('memory.manage')}
        </Link>
      )}
    </p>
  );
}
