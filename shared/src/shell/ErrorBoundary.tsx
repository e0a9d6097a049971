import { Component, type ReactNode } from 'react';

interface Props {
  /** rendered instead of the children after an error; `reset` clears the error */
  fallback(error: Error, reset: () => void): ReactNode;
  children: ReactNode;
  /** changing it clears a caught error (e.g. the route) */
  resetKey?: unknown;
  /** told once of each error caught */
  onError?(error: Error): void;
}

export class ErrorBoundary extends Component<Props, { error: Error | null; key: unknown }> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error): void {
    console.error('screen failed', error);
    this.props.onError?.(error);
  }

  reset = () => this.setState({ error: null });

  render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
