import { Component, type ErrorInfo, type ReactNode } from 'react';
import { nlPublic as nl } from '@contracts/messages-public';
import { Button } from './ui/button';

interface Props {
  children: ReactNode;
  /** When this value changes (e.g. the path), a shown error is cleared and the children render again. */
  resetKey?: unknown;
  /** Full-screen fallback for the whole app; otherwise an inline one inside the layout. */
  fullScreen?: boolean;
}

interface State {
  error: Error | null;
}

/** Catches render errors and failed code chunks (e.g. after a new release) with a Dutch way out. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const content = (
      <div
        role="alert"
        className="mx-auto max-w-md space-y-4 rounded-xl border bg-card p-6 text-center shadow-sm"
      >
        <p className="font-semibold">{nl.clientErrors.pageFailed}</p>
        <Button onClick={() => window.location.reload()}>{nl.clientErrors.reload}</Button>
      </div>
    );
    return this.props.fullScreen ? (
      <main className="flex min-h-svh items-center justify-center p-4">{content}</main>
    ) : (
      content
    );
  }
}
