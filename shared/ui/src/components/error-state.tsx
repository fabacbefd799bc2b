import type { ReactNode } from 'react';
import { ErrorIcon } from '../icons/icons';
import { cx } from '../internal/cx';
import { useUiTexts } from '../core/ui-texts';
import { Button } from './button';

export interface ErrorStateProps {
  title: ReactNode;
  message?: ReactNode;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** The retry is running: the button shows a spinner. */
  retrying?: boolean;
  headingLevel?: 2 | 3 | 4;
  /** Announce it as an alert when it appears (default true). */
  announce?: boolean;
  className?: string;
}

/** A failure in place of content (a remote that did not load, a list that failed), with a retry. */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel,
  retrying = false,
  headingLevel = 2,
  announce = true,
  className,
}: ErrorStateProps) {
  const texts = useUiTexts();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('ui-state', 'ui-error-state', className)}>
      <div className="ui-state__icon" aria-hidden="true">
        <ErrorIcon />
      </div>
      <div role={announce ? 'alert' : undefined} className="ui-state__message">
        <Heading className="ui-state__title">{title}</Heading>
        {message && <div className="ui-state__text">{message}</div>}
      </div>
      {onRetry && (
        <div className="ui-state__action">
          <Button variant="secondary" loading={retrying} onClick={onRetry}>
            {retryLabel ?? texts.retry}
          </Button>
        </div>
      )}
    </div>
  );
}
