import { Component, type ComponentType, lazy, type LazyExoticComponent, type ReactNode, Suspense } from 'react';

/**
 * What floats over every page behind sign-in (shell §2.5): the pet, the AI chat, the incoming
 * call. Each is its own lazily loaded chunk, so a page's first paint never waits for them, and
 * each sits in its own boundary, so a failing overlay cannot take the page down with it.
 * Add one with a line: `lazy(() => import('../../features/<domain>/<Domain>Overlay'))`.
 */
const OVERLAYS: ReadonlyArray<LazyExoticComponent<ComponentType>> = [
  lazy(() => import('../../features/assistant/AssistantOverlay').then((m) => ({ default: m.AssistantOverlay }))),
  lazy(() => import('../../features/pet/PetOverlay')),
  lazy(() => import('../../features/video-chat/IncomingCallOverlay')),
  // Draws nothing: sends every change queued on the device without a connection.
  lazy(() => import('./AppOutboxSync').then((m) => ({ default: m.AppOutboxSync }))),
];

export function Overlays() {
  return (
    <>
      {OVERLAYS.map((Overlay, index) => (
        <OverlayBoundary key={index}>
          <Suspense fallback={null}>
            <Overlay />
          </Suspense>
        </OverlayBoundary>
      ))}
    </>
  );
}

/** Hides an overlay that threw (its chunk failed to load offline, a render bug) and keeps the page. */
class OverlayBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('overlay failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
