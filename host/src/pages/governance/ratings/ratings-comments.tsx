import type { AdminRatingsResponse } from '@assistant/contracts';
import { formatLongDate, useLocale } from '@assistant/platform';
import { Badge, Markdown } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';

type RatingComment = AdminRatingsResponse['comments'][number];

/**
 * The latest ratings with a comment or a shared conversation, newest first. What users wrote is
 * untrusted: the comment and the question are plain text, the answer goes through the safe
 * Markdown renderer (no raw HTML, no script links, no remote images), as the chat shows it.
 */
export function RatingsComments({ comments }: { comments: readonly RatingComment[] }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  if (comments.length === 0) return <p className="ratings-tab__hint">{t('GOVERNANCE_RATINGS.noComments')}</p>;
  return (
    <ol className="ratings-comments" aria-label={t('GOVERNANCE_RATINGS.comments')}>
      {comments.map((comment, index) => (
        <li key={`${comment.at}-${index}`} className="ratings-comment">
          <div className="ratings-comment__head">
            <Badge variant={comment.rating === 'up' ? 'success' : 'error'}>{t(`GOVERNANCE_RATINGS.rating.${comment.rating}`)}</Badge>
            <time dateTime={comment.at}>{formatLongDate(comment.at, { language })}</time>
          </div>
          <p className="ratings-comment__meta">
            {[
              t(`GOVERNANCE.features.${comment.feature}`),
              comment.model && t('GOVERNANCE_RATINGS.withModel', { model: comment.model }),
              comment.agent_name && t('GOVERNANCE_RATINGS.withAgent', { agent: comment.agent_name }),
              ...comment.reasons.map((reason) => t(`GOVERNANCE_RATINGS.reason.${reason}`)),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {comment.comment && <p className="ratings-comment__text">{comment.comment}</p>}
          {(comment.question_text !== null || comment.answer_text !== null) && (
            <details className="ratings-comment__shared">
              <summary>{t('GOVERNANCE_RATINGS.shared')}</summary>
              {comment.question_text !== null && (
                <div className="ratings-comment__part">
                  <strong>{t('GOVERNANCE_RATINGS.question')}</strong>
                  <p className="ratings-comment__text">{comment.question_text}</p>
                </div>
              )}
              {comment.answer_text !== null && (
                <div className="ratings-comment__part">
                  <strong>{t('GOVERNANCE_RATINGS.answer')}</strong>
                  <Markdown text={comment.answer_text} headingOffset={3} />
                </div>
              )}
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
