import { promptVariables, type Prompt } from '@assistant/contracts';
import { useShareDialog } from '@assistant/endpoints';
import { errorMessageText, notifyErrorMessage, notifySuccess, useLocale } from '@assistant/platform';
import { useNavigate } from '@assistant/routing';
import { Button, ConfirmDialog, ListStates, ShareDialog, SharingBadge, TextField } from '@assistant/ui';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { usePromptsQuery } from '../api/get-prompts';
import { usePromptMutations } from '../hooks/use-prompt-mutations';
import { filterPrompts } from '../model/picker-query';
import { promptHandoffState } from '../model/prompt-handoff';
import { PromptFormDialog } from './prompt-form-dialog';
import './prompts.css';

type Open = { kind: 'new' } | { kind: 'edit' | 'share' | 'delete'; prompt: Prompt } | null;

/**
 * The prompt page's list (docs/prompts.md): the user's prompts and those shared with them, found
 * by title or text; each can be used (the chat opens with it in the message box), and changed,
 * shared and deleted as its access allows (the server decides; the buttons only follow
 * `sharing.access`: owner all, edit change, view use).
 */
export function PromptLibrary({ chatPath }: { chatPath: string }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const navigate = useNavigate();
  const query = usePromptsQuery();
  const mutations = usePromptMutations();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const headingId = useId();
  const shown = useMemo(() => filterPrompts(query.data ?? [], search, language), [query.data, search, language]);

  const list = {
    status: query.data ? ('ready' as const) : query.isError ? ('failed' as const) : ('loading' as const),
    error: query.isError ? errorMessageText(query.error, language) : undefined,
    reloading: query.isFetching,
    reload: () => void query.refetch(),
  };
  const empty =
    query.data?.length === 0
      ? {
          title: t('prompts.empty.title'),
          text: t('prompts.empty.text', { example: '{{name}}' }),
          action: <Button onClick={() => setOpen({ kind: 'new' })}>{t('prompts.new')}</Button>,
        }
      : null;

  const remove = async (prompt: Prompt) => {
    try {
      await mutations.remove.mutateAsync(prompt.id);
      notifySuccess({ message: { text: t('prompts.deleted', { title: prompt.title }) } });
    } catch (error) {
      notifyErrorMessage({ message: { text: errorMessageText(error, language) } });
    }
    setOpen(null);
  };

  return (
    <section className="prompts-page__library" aria-labelledby={headingId}>
      <div className="prompts-page__toolbar">
        <h2 id={headingId} className="prompts-page__heading">
          {t('prompts.listHeading')}
        </h2>
        {/* None yet: the empty state offers it. */}
        {empty === null && <Button onClick={() => setOpen({ kind: 'new' })}>{t('prompts.new')}</Button>}
      </div>
      {query.data && query.data.length > 0 && (
        <div role="search" className="prompts-page__search">
          <TextField type="search" label={t('prompts.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
      )}
      <ListStates list={list} texts={{ loading: t('prompts.loading'), failed: t('prompts.failed'), retry: t('prompts.retry') }} empty={empty}>
        {shown.length === 0 ? (
          <p role="status">{t('prompts.noMatch', { query: search.trim() })}</p>
        ) : (
          <ul className="prompts-page__list">
            {shown.map((prompt) => (
              <PromptItem
                key={prompt.id}
                prompt={prompt}
                onUse={() => void navigate(chatPath, { state: promptHandoffState(prompt) })}
                onOpen={(kind) => setOpen({ kind, prompt })}
              />
            ))}
          </ul>
        )}
      </ListStates>

      {open?.kind === 'new' && (
        <PromptFormDialog
          onClose={() => setOpen(null)}
          onSave={async (definition) => {
            await mutations.create.mutateAsync(definition);
            notifySuccess({ message: { text: t('prompts.saved', { title: definition.title }) } });
          }}
        />
      )}
      {open?.kind === 'edit' && (
        <PromptFormDialog
          prompt={open.prompt}
          onClose={() => setOpen(null)}
          onSave={async (definition) => {
            await mutations.update.mutateAsync({ id: open.prompt.id, definition });
            notifySuccess({ message: { text: t('prompts.saved', { title: definition.title }) } });
          }}
        />
      )}
      {open?.kind === 'share' && (
        <PromptShareDialog
          prompt={open.prompt}
          onClose={() => {
            setOpen(null);
            // With whom it is shared shows in the list.
            void mutations.refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        danger
        title={open?.kind === 'delete' ? t('prompts.deleteTitle', { title: open.prompt.title }) : ''}
        message={t('prompts.deleteText')}
        confirmLabel={t('prompts.delete')}
        cancelLabel={t('prompts.form.cancel')}
        loading={mutations.remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => open?.kind === 'delete' && void remove(open.prompt)}
      />
    </section>
  );
}

function PromptItem({ prompt, onUse, onOpen }: { prompt: Prompt; onUse(): void; onOpen(kind: 'edit' | 'share' | 'delete'): void }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const variables = promptVariables(prompt.text);
  const { access } = prompt.sharing;
  return (
    <li className="prompts-page__item">
      <div className="prompts-page__item-head">
        <h3 id={headingId} className="prompts-page__item-title">
          {prompt.title}
        </h3>
        <SharingBadge sharing={prompt.sharing} />
      </div>
      <p className="prompts-page__text">{prompt.text}</p>
      {variables.length > 0 && <p className="prompts-page__variables">{t('prompts.variables', { names: variables.map((name) => `{{${name}}}`).join(', ') })}</p>}
      <div className="prompts-page__actions">
        <Button size="sm" onClick={onUse} aria-label={t('prompts.useNamed', { title: prompt.title })}>
          {t('prompts.use')}
        </Button>
        {access !== 'view' && (
          <Button size="sm" variant="secondary" onClick={() => onOpen('edit')} aria-label={t('prompts.editNamed', { title: prompt.title })}>
            {t('prompts.edit')}
          </Button>
        )}
        {access === 'owner' && (
          <>
            <Button size="sm" variant="secondary" onClick={() => onOpen('share')} aria-label={t('prompts.shareNamed', { title: prompt.title })}>
              {t('prompts.share')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => onOpen('delete')} aria-label={t('prompts.deleteNamed', { title: prompt.title })}>
              {t('prompts.delete')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** The UI kit's share dialog for one prompt (view or edit; the owner manages it). */
function PromptShareDialog({ prompt, onClose }: { prompt: Prompt; onClose(): void }) {
  const share = useShareDialog('prompt', prompt.id);
  return <ShareDialog {...share} open onClose={onClose} itemName={prompt.title} owner="you" />;
}
