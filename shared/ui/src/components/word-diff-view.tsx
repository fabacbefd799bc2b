import { useMemo } from 'react';
import { shortenUnchanged, wordDiff, type WordDiffCounts } from '../core/word-diff';
import { cx } from '../internal/cx';

export interface WordDiffViewProps {
  /** The older text. */
  before: string;
  /** The newer text. */
  after: string;
  /** Names the diff for screen readers (e.g. "Changes in version 3"). */
  label: string;
  /** The line above the diff from the counts of added and removed words; none when left out. */
  summary?: (counts: WordDiffCounts) => string;
  /** Unchanged runs longer than about twice this many characters are cut to their ends. */
  keep?: number;
  className?: string;
}

/**
 * What changed from `before` to `after`, word by word: added words marked and removed ones struck
 * through (`ins`/`del`, which screen readers name). The texts are rendered as text, never parsed.
 */
export function WordDiffView({ before, after, label, summary, keep, className }: WordDiffViewProps) {
  const diff = useMemo(() => wordDiff(before, after), [before, after]);
  const parts = useMemo(() => shortenUnchanged(diff.parts, keep), [diff, keep]);
  return (
    <div className={cx('ui-word-diff', className)}>
      {summary && <p className="ui-word-diff__summary">{summary({ added: diff.added, removed: diff.removed })}</p>}
      <pre className="ui-word-diff__text" tabIndex={0} aria-label={label}>
        {parts.map((part, index) =>
          part.kind === 'added' ? (
            <ins key={index}>{part.text}</ins>
          ) : part.kind === 'removed' ? (
            <del key={index}>{part.text}</del>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </pre>
    </div>
  );
}
