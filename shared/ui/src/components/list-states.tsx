import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { ErrorState } from './error-state';
import { Skeleton } from './skeleton';

/** A list as its query hook gives it: loading, failed with a reason, or ready (also while a reload runs). */
export interface ListLoadState {
  status: 'loading' | 'failed' | 'ready';
  /** Why the list could not be loaded, in the interface language. */
  error?: string;
  /** A reload is under way (the retry button shows it). */
  reloading: boolean;
  reload(): void;
}

export interface ListStatesProps {
  list: ListLoadState;
  texts: {
    /** Announced while the list loads. */
    loading: string;
    /** The failure's heading. */
    failed: string;
    retry: string;
  };
  /** What a ready list with nothing in it shows; null when it has items. */
  empty: Omit<EmptyStateProps, 'headingLevel'> | null;
  /** Heading level of the failure and the empty state; default 3 (lists sit under a section's h2). */
  headingLevel?: 2 | 3 | 4;
  /** On the loading placeholder. */
  loadingClassName?: string;
  /** The list itself, shown when it is ready and has items. */
  children: ReactNode;
}

/** What a list's place shows: placeholder lines while it loads, the failure with a retry, the empty state, or the list. */
export function ListStates({ list, texts, empty, headingLevel = 3, loadingClassName, children }: ListStatesProps) {
  if (list.status === 'loading') return <Skeleton lines={3} label={texts.loading} className={loadingClassName} />;
  if (list.status === 'failed') {
    return (
      <ErrorState
        headingLevel={headingLevel}
        title={texts.failed}
        message={list.error}
        onRetry={list.reload}
        retrying={list.reloading}
        retryLabel={texts.retry}
      />
    );
  }
  if (empty) return <EmptyState headingLevel={headingLevel} {...empty} />;
  return <>{children}</>;
}
