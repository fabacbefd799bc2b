import { SEARCH_QUERY_MAX_LENGTH, type SearchHit } from '@assistant/contracts';
import { errorMessageFor, errorMessageKey, useLocale } from '@assistant/platform';
import { Button, EmptyState, ErrorState, Loading, SearchIcon, TextField } from '@assistant/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollectionSearch } from '../hooks/use-collection-search';
import { PassagePreviewDialog } from './passage-preview-dialog';
import { SearchHitItem } from './search-hit-item';
import '../search.css';

/** The best score of a search's hits (the relevance words are relative to it). */
const bestScore = (hits: readonly { score: number }[]) => Math.max(0, ...hits.map((hit) => hit.score));

export interface CollectionSearchProps {
  collectionId: string;
  collectionName: string;
}

/**
 * Search inside one collection: ranked passages with the matched words marked; a hit opens the
 * document in a preview with the passage marked on its page.
 */
export function CollectionSearch({ collectionId, collectionName }: CollectionSearchProps) {
  const { t } = useTranslation('collections');
  const language = useLocale();
  const headingId = useId();
  const { state, search } = useCollectionSearch(collectionId);
  const [query, setQuery] = useState('');
  const [blank, setBlank] = useState(false);
  const [opened, setOpened] = useState<SearchHit | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = query.trim();
    setBlank(words === '');
    if (words) void search(words);
  };

  const status =
    state.status === 'done'
      ? state.hits.length === 0
        ? t('search.noHits', { query: state.query })
        : t('search.found', { count: state.hits.length, query: state.query })
      : state.status === 'searching'
        ? t('search.searching')
        : '';

  return (
    <section className="collection-search" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('search.heading')}</h2>
      <form role="search" aria-label={t('search.formLabel', { name: collectionName })} className="collection-search__form" onSubmit={submit} noValidate>
        <TextField
          type="search"
          label={t('search.label')}
          value={query}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          onChange={(event) => setQuery(event.target.value)}
          error={blank ? t('search.blank') : undefined}
        />
        <Button type="submit" loading={state.status === 'searching'} icon={<SearchIcon />}>
          {t('search.submit')}
        </Button>
      </form>
      <p role="status" aria-live="polite" className="collection-search__status">
        {status}
      </p>
      {state.status === 'searching' && <Loading label={t('search.searching')} />}
      {state.status === 'error' && (
        <ErrorState
          headingLevel={3}
          title={t('search.error')}
          message={errorMessageFor(errorMessageKey(state.error), language)}
          onRetry={() => void search(state.query)}
          retryLabel={t('search.retry')}
          announce={false}
        />
      )}
      {state.status === 'done' && state.hits.length === 0 && <EmptyState headingLevel={3} title={t('search.noHitsTitle')} text={t('search.noHitsText')} />}
      {state.status === 'done' && state.hits.length > 0 && (
        <ol className="collection-search__hits" aria-label={t('search.hitsLabel')}>
          {state.hits.map((hit) => (
            <SearchHitItem key={hit.passage_id} hit={hit} bestScore={bestScore(state.hits)} onOpen={setOpened} />
          ))}
        </ol>
      )}
      <PassagePreviewDialog hit={opened} onClose={() => setOpened(null)} />
    </section>
  );
}
