import type { LibraryConnection } from '@assistant/contracts';
import { useLibraryBindingAction, type LibraryBindingAction } from '@assistant/endpoints';
import { LocalizedError, notifyError, useLocale } from '@assistant/platform';
import { Link, useNavigate, useSearchParams } from '@assistant/routing';
import { Button, EmptyState, ErrorState, Loading, PageHeader, useAnnouncer } from '@assistant/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useLibraryBindings } from '../hooks/use-library-bindings';
import { describeLibraryError } from '../model/describe-library-error';
import { CHOOSE_FOLDERS_PARAM } from '../model/library-path';
import { BindingCard } from './binding-card';
import { ChooseFoldersDialog } from './choose-folders-dialog';
import { DisconnectLibraryDialog } from './disconnect-library-dialog';
import { SignInAgainButton } from './sign-in-again-button';
import { ConnectionStateBadge } from './state-badges';
import '../libraries.css';

/**
 * One connection's page: what it is, its synced folders with their progress and files, "Choose
 * folders" and "Disconnect". Arriving with `?choose-folders=1` (right after connecting) opens the
 * folder browser at once.
 */
export function LibraryDetails({ library }: { library: LibraryConnection }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [dialog, setDialog] = useState<'choose' | 'disconnect' | null>(() => (searchParams.has(CHOOSE_FOLDERS_PARAM) ? 'choose' : null));
  const [message, announce] = useAnnouncer();
  const bindings = useLibraryBindings(library.id, announce);
  const action = useLibraryBindingAction(library.id);
  const [busy, setBusy] = useState<{ bindingId: string; action: LibraryBindingAction } | null>(null);
  const back = `../${library.scope}`;

  // The browser opened once; a reload of the page does not open it again.
  useEffect(() => {
    if (searchParams.has(CHOOSE_FOLDERS_PARAM)) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  const run = async (bindingId: string, path: string, next: LibraryBindingAction) => {
    setBusy({ bindingId, action: next });
    try {
      await action.mutateAsync({ bindingId, action: next });
    } catch (error) {
      const failure = describeLibraryError(error, t, language);
      if (!failure.expected) console.error(error);
      notifyError(new LocalizedError(t(`libraries.bindings.failed.${next}`, { path, reason: failure.message })));
    } finally {
      setBusy(null);
    }
  };

  let content;
  if (bindings.isPending) content = <Loading label={t('libraries.bindings.loading')} showLabel />;
  else if (bindings.isError)
    content = (
      <ErrorState
        title={t('libraries.bindings.loadFailed')}
        message={describeLibraryError(bindings.error, t, language).message}
        onRetry={() => void bindings.refetch()}
        retrying={bindings.isFetching}
        retryLabel={t('libraries.list.retry')}
      />
    );
  else if (bindings.data.length === 0)
    content = (
      <EmptyState
        headingLevel={3}
        title={t('libraries.bindings.empty.title')}
        text={t('libraries.bindings.empty.text')}
        action={<Button onClick={() => setDialog('choose')}>{t('libraries.bindings.choose')}</Button>}
      />
    );
  else
    content = (
      <ul className="binding-list" aria-label={t('libraries.bindings.heading')}>
        {bindings.data.map((binding) => (
          <BindingCard
            key={binding.id}
            binding={binding}
            busy={busy?.bindingId === binding.id ? busy.action : null}
            onAction={(next) => void run(binding.id, binding.folder.path, next)}
          />
        ))}
      </ul>
    );

  return (
    <div className="remote-page library-page">
      <PageHeader
        title={library.name}
        description={`${t(`libraries.kinds.${library.kind}`)} · ${library.url}`}
        before={<Link to={back}>{t(`libraries.backTo.${library.scope}`)}</Link>}
      />
      <div className="library-page__summary">
        <ConnectionStateBadge state={library.state} />
        <span>{t('libraries.account', { account: library.account })}</span>
        {library.problem && <p className="library-item__problem">{library.problem}</p>}
      </div>
      <div className="library-page__actions">
        {library.kind === 'microsoft' && <SignInAgainButton library={library} />}
        <Button onClick={() => setDialog('choose')}>{t('libraries.bindings.choose')}</Button>
        <Button variant="secondary" onClick={() => setDialog('disconnect')}>
          {t('libraries.disconnect.open')}
        </Button>
      </div>
      <section aria-labelledby="library-bindings-heading" className="library-page__bindings">
        <h2 id="library-bindings-heading">{t('libraries.bindings.heading')}</h2>
        {content}
      </section>
      <div role="status" aria-live="polite" className="ui-visually-hidden">
        {message}
      </div>
      {dialog === 'choose' && <ChooseFoldersDialog library={library} onClose={() => setDialog(null)} />}
      {dialog === 'disconnect' && (
        <DisconnectLibraryDialog library={library} onDisconnected={() => void navigate(back)} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
