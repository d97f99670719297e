import { Component, type ReactNode } from 'react';
import { RemoteLoadError } from './RemoteLoadError';

export interface RemoteErrorBoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or render, so the rest of the app keeps working; a Retry stands in its place. */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('A part of the app failed to load:', error);
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  render() {
    return this.state.failed ? <RemoteLoadError onRetry={this.retry} /> : this.props.children;
  }
}
