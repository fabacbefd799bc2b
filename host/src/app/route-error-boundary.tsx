import { useLocation } from '@assistant/routing';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StartScreen } from './start-screen';

interface BoundaryProps {
  /** A new value (the next navigation) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page of the shell failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <StartScreen state="failed" /> : this.props.children;
  }
}

/**
 * The shell's routes behind an error boundary. The data router had one of its own (its default
 * error element, in place of the whole shell until the next navigation); the declarative router
 * has none, so an error thrown while rendering a page (a shell page's chunk that did not
 * load, a bug) shows the start screen's failure, with its reload, instead of an empty page, and
 * the next navigation (back) renders again. A remote's errors stay inside its route (RemoteBoundary).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary resetKey={key}>{children}</Boundary>;
}
