import type { SearchHit } from '@assistant/contracts';
import { Button, MarkedText } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { relevanceOf } from '../model/relevance';

export interface SearchHitItemProps {
  hit: SearchHit;
  /** The best score of the same search: the relevance is relative to it. */
  bestScore: number;
  onOpen: (hit: SearchHit) => void;
}

/**
 * One passage found: its document, page and relevance (words and a bar, relative to the best hit),
 * the passage with the matched words marked.
 */
export function SearchHitItem({ hit, bestScore, onOpen }: SearchHitItemProps) {
  const { t } = useTranslation('collections');
  const relevance = relevanceOf(hit.score, bestScore);
  return (
    <li className="collection-search__hit">
      <article aria-labelledby={`hit-${hit.passage_id}`}>
        <h4 id={`hit-${hit.passage_id}`} className="collection-search__hit-title">
          {hit.file_name}
        </h4>
        <p className="collection-search__hit-meta">
          <span>{t('search.page', { page: hit.page_number })}</span>
          <span className={`collection-search__relevance collection-search__relevance--${relevance.level}`}>
            <span className="collection-search__relevance-bar" aria-hidden="true">
              <span style={{ inlineSize: `${Math.max(8, Math.round(relevance.share * 100))}%` }} />
            </span>
            {t(`search.relevance.${relevance.level}`)}
          </span>
        </p>
        <blockquote className="collection-search__passage">
          <MarkedText text={hit.text} highlights={hit.highlights} />
        </blockquote>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onOpen(hit)}
          aria-label={t('search.openLabel', { name: hit.file_name, page: hit.page_number })}
        >
          {t('search.open')}
        </Button>
      </article>
    </li>
  );
}
