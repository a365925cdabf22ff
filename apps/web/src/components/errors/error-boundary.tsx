import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '@/lib/error-reporting';
import { MainErrorFallback } from './main-error-fallback';

interface Props {
  children: ReactNode;
  /** A custom screen instead of the global fallback. */
  fallback?: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches rendering failures outside the router (the router has its own error elements). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('ErrorBoundary caught a rendering failure', error, info.componentStack);
    reportError(error, {
      component: 'ErrorBoundary',
      action: 'component_error',
      metadata: { component_stack: info.componentStack ?? null, route: window.location.pathname },
    });
  }

  /** Returns to normal rendering, e.g. after the cause was fixed. */
  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error) return this.props.fallback ?? <MainErrorFallback />;
    return this.props.children;
  }
}
