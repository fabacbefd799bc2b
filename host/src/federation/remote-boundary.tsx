import { ErrorState, Loading } from '@assistant/ui';
import { Component, Suspense, useContext, type ErrorInfo, type ReactNode } from 'react';
import { getI18n, I18nContext, useTranslation } from 'react-i18next';
import { useLocation } from '@assistant/routing';
import { addFederationNamespace, FEDERATION_NAMESPACE } from './i18n';
import { describeError, RemoteLoadError } from './remote-load-failure';

export interface RemoteBoundaryProps {
  /** Federation name of the remote, for the log. */
  name: string;
  /** Called before a retry renders the remote again (drops the failed load). */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * Error boundary plus Suspense around one remote's routes: while the remote loads it shows a
 * loading state, and when it fails (manifest or script unreachable, a throwing page) it shows an
 * error with a retry button in the remote's own route only; the shell and other remotes go on.
 */
export function RemoteBoundary({ name, onRetry, children }: RemoteBoundaryProps) {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  addFederationNamespace(i18n);
  // Navigating to another page clears a page's error (a failed load stays failed: its promise is
  // kept until a retry). Keyed by remote: the router reuses this element for a sibling route.
  const { pathname } = useLocation();
  return (
    <RemoteErrorBoundary key={name} name={name} onRetry={onRetry} resetKey={pathname}>
      <Suspense fallback={<RemoteLoading />}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}

function RemoteLoading() {
  const { t } = useTranslation(FEDERATION_NAMESPACE);
  return <Loading label={t('loading')} fill />;
}

export function RemoteErrorView({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation(FEDERATION_NAMESPACE);
  return (
    <ErrorState
      className="remote-error"
      title={t('error.title')}
      message={
        <>
          <p>{t('error.text')}</p>
          <details>
            <summary>{t('error.details')}</summary>
            <code>{describeError(error)}</code>
          </details>
        </>
      }
      onRetry={onRetry}
      retryLabel={t('error.retry')}
    />
  );
}

interface BoundaryState {
  error: Error | null;
  /** Bumped by a retry: a fresh subtree, so nothing of the failed attempt is kept. */
  attempt: number;
}

interface ErrorBoundaryProps {
  name: string;
  onRetry?: () => void;
  /** A change (the path) clears the error and renders the children again. */
  resetKey: string;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<ErrorBoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(describeError(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A load failure was logged where it happened (error plugin); a page that throws is logged here.
    if (error instanceof RemoteLoadError) return;
    console.error(`[federation] a page of remote "${this.props.name}" failed`, error, info.componentStack);
  }

  retry = () => {
    // A lazy page whose chunk failed stays failed inside React.lazy: only a page load fetches it again.
    if (this.state.error?.name === 'ChunkLoadError') {
      window.location.reload();
      return;
    }
    this.props.onRetry?.();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render() {
    if (this.state.error) return <RemoteErrorView error={this.state.error} onRetry={this.retry} />;
    return <RemoteAttempt key={this.state.attempt}>{this.props.children}</RemoteAttempt>;
  }
}

function RemoteAttempt({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
