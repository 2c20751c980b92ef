import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** When this changes (a navigation), a shown error is cleared and the children render again. */
  resetKey: unknown;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedKey: unknown;
}

const NO_ERROR = Symbol('no error');

/** Catches a crash in the route's screen so the layout around it keeps working. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: NO_ERROR, failedKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === NO_ERROR) return { failedKey: props.resetKey };
    return props.resetKey !== state.failedKey ? { error: NO_ERROR, failedKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page crashed', error, info.componentStack);
  }

  override render() {
    return this.state.error === NO_ERROR ? this.props.children : this.props.fallback(this.state.error);
  }
}
