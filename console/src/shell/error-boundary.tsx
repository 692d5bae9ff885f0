/** Catches a page that throws while rendering, so the rest of the console stays usable. */
import { Component, type ReactNode } from 'react';
import { LoadError } from './states.js';
import { messageOf } from './use-load.js';

/** Shows "This page could not be loaded." with the reason instead of a blank console. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error)
      return (
        <LoadError
          what="This page"
          error={messageOf(this.state.error)}
          onRetry={() => this.setState({ error: null })}
        />
      );
    return this.props.children;
  }
}
