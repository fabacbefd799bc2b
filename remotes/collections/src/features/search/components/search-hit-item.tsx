import { useLocale } from '@assistant/platform';
import type { SearchHit } from '@assistant/contracts';
import { Button, MarkedText } from '@assistant/ui';
import { useTranslation } from 'react-i18next';

export interface SearchHitItemProps {
  hit: SearchHit;
  onOpen: (hit: SearchHit) => void;
}

/** One passage found: its document, page and score, the passage with the matched words marked. */
export function SearchHitItem({ hit, onOpen }: SearchHitItemProps) {
  const { t } = useTranslation('collections');
  const score = new Intl.NumberFormat(useLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hit.score);
  return (
    <li className="collection-search__hit">
      <article aria-labelledby={`hit-${hit.passage_id}`}>
        <h4 id={`hit-${hit.passage_id}`} className="collection-search__hit-title">
          {hit.file_name}
        </h4>
        <p className="collection-search__hit-meta">
          <span>{t('search.page', { page: hit.page_number })}</span>
          <span>{t('search.score', { score })}</span>
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
