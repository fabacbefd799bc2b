import type { ReactNode } from 'react';
import { cx } from '../internal/cx';

export interface VersionListItem {
  version: number;
  /** The entry's name, e.g. "Version 3". */
  label: ReactNode;
  /** Beside the name, e.g. a "current" badge. */
  badge?: ReactNode;
  /** The line under the name: time, author, instruction. */
  meta?: ReactNode;
}

export interface VersionListProps {
  /** Newest first, as the list shows them. */
  items: readonly VersionListItem[];
  /** The chosen version (aria-current). */
  selected: number;
  onSelect(version: number): void;
  /** Names the list, e.g. "Versions, newest first". */
  label: string;
  className?: string;
}

/** The versions of a document or an item as a list of buttons; the chosen one is marked current. */
export function VersionList({ items, selected, onSelect, label, className }: VersionListProps) {
  return (
    <ol className={cx('ui-version-list', className)} aria-label={label}>
      {items.map((item) => (
        <li key={item.version}>
          <button
            type="button"
            className="ui-version-list__entry"
            aria-current={item.version === selected ? 'true' : undefined}
            onClick={() => onSelect(item.version)}
          >
            <span className="ui-version-list__name">
              {item.label}
              {item.badge}
            </span>
            {item.meta !== undefined && <span className="ui-version-list__meta">{item.meta}</span>}
          </button>
        </li>
      ))}
    </ol>
  );
}
