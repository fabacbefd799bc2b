import { MEMORY_MAX_PER_USER, type Locale, type Memory, type MemoryListResponse } from '@assistant/contracts';
import { ApiRequestError, errorMessageText, useDocumentTitle, useLocale } from '@assistant/platform';
import { ActionConfirmDialog, Button, Card, EmptyState, ErrorState, Loading, PageHeader, Switch } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { useAddMemory } from './api/add-memory';
import { useDeleteAllMemories } from './api/delete-all-memories';
import { useDeleteMemory } from './api/delete-memory';
import { useMemoriesQuery } from './api/get-memories';
import { useUpdateMemory } from './api/update-memory';
import { useUpdateMemorySettings } from './api/update-memory-settings';
import { AddMemoryForm } from './components/add-memory-form';
import { MemoryItem } from './components/memory-item';
import { addMemoryTexts } from './memory-texts';
import './memory.css';

/**
 * `/memory` (the user menu's "Memory", with the flag `enableMemory`): what the user asked the
 * assistant to remember (GET /api/memories), the switch that stops it being used, a field to add
 * to it, each memory edited inline or deleted (asked first), and "Delete all" (asked first).
 */
export function MemoryPage() {
  // Before the first translation: the page's texts come with its chunk.
  useState(addMemoryTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('MEMORY.title'));
  const language = useLocale();
  const memories = useMemoriesQuery();

  let body;
  if (memories.isPending) body = <Loading label={t('MEMORY.loading')} />;
  else if (memories.isError) {
    body = (
      <ErrorState
        title={t('MEMORY.failed')}
        message={errorMessageText(memories.error, language)}
        onRetry={() => void memories.refetch()}
        retryLabel={t('MEMORY.retry')}
        retrying={memories.isFetching}
      />
    );
  } else body = <MemoryManager data={memories.data} language={language} />;
  return (
    <section className="shell-page memory-page">
      <PageHeader title={t('MEMORY.title')} description={t('MEMORY.description')} />
      {body}
    </section>
  );
}

type Confirming = { kind: 'one'; memory: Memory } | { kind: 'all' } | null;

function MemoryManager({ data, language }: { data: MemoryListResponse; language: Locale }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [status, setStatus] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const add = useAddMemory();
  const update = useUpdateMemory();
  const remove = useDeleteMemory();
  const removeAll = useDeleteAllMemories();
  const settings = useUpdateMemorySettings();
  const full = data.memories.length >= MEMORY_MAX_PER_USER;

  /** A refusal in words: a conflict is a duplicate unless the memory is full. */
  const reason = (error: unknown): string =>
    error instanceof ApiRequestError && error.code === 'conflict'
      ? full
        ? t('MEMORY.full', { max: MEMORY_MAX_PER_USER })
        : t('MEMORY.duplicate')
      : t('MEMORY.failedAction', { reason: errorMessageText(error, language) });
  /** Runs a change and says how it went: undefined when it worked, else why not. */
  const attempt = async (work: () => Promise<unknown>, done: string): Promise<string | undefined> => {
    try {
      await work();
      setStatus({ kind: 'info', text: done });
      return undefined;
    } catch (error) {
      return reason(error);
    }
  };

  return (
    <div className="memory-page__cards">
      <Card>
        <Switch
          label={t('MEMORY.use')}
          description={t('MEMORY.useHint')}
          checked={data.use_memory}
          onChange={(event) =>
            settings.mutate(event.target.checked, {
              onError: (error) => setStatus({ kind: 'error', text: t('MEMORY.useFailed', { reason: errorMessageText(error, language) }) }),
            })
          }
        />
      </Card>
      <Card>
        <AddMemoryForm full={full} onAdd={(text) => attempt(() => add.mutateAsync(text), t('MEMORY.added'))} />
        {full && <p className="memory-page__note">{t('MEMORY.full', { max: MEMORY_MAX_PER_USER })}</p>}
        <p role="status" className={status?.kind === 'error' ? 'memory-page__status memory-page__error' : 'memory-page__status memory-page__muted'}>
          {status?.text}
        </p>
      </Card>
      <Card>
        {data.memories.length === 0 ? (
          <EmptyState headingLevel={2} title={t('MEMORY.emptyTitle')} text={t('MEMORY.emptyText')} />
        ) : (
          <>
            <div className="memory-page__list-head">
              <h2 className="memory-page__list-title">{t('MEMORY.listLabel')}</h2>
              <span className="memory-page__muted">{t('MEMORY.count', { count: data.memories.length, max: MEMORY_MAX_PER_USER })}</span>
              <Button variant="secondary" size="sm" onClick={() => setConfirming({ kind: 'all' })}>
                {t('MEMORY.deleteAll')}
              </Button>
            </div>
            <ul className="memory-page__list" aria-label={t('MEMORY.listLabel')}>
              {data.memories.map((memory) => (
                <MemoryItem
                  key={memory.id}
                  memory={memory}
                  onSave={(text) => attempt(() => update.mutateAsync({ id: memory.id, text }), t('MEMORY.saved'))}
                  onDelete={() => setConfirming({ kind: 'one', memory })}
                />
              ))}
            </ul>
          </>
        )}
      </Card>
      {confirming && (
        <ActionConfirmDialog
          danger
          title={confirming.kind === 'all' ? t('MEMORY.deleteAllTitle') : t('MEMORY.deleteTitle')}
          message={confirming.kind === 'all' ? t('MEMORY.deleteAllMessage', { count: data.memories.length }) : t('MEMORY.deleteMessage', { text: confirming.memory.text })}
          confirmLabel={t('MEMORY.confirmDelete')}
          cancelLabel={t('MEMORY.cancel')}
          onConfirm={() =>
            confirming.kind === 'all'
              ? attempt(() => removeAll.mutateAsync(), t('MEMORY.deletedAll'))
              : attempt(() => remove.mutateAsync(confirming.memory.id), t('MEMORY.deleted'))
          }
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
