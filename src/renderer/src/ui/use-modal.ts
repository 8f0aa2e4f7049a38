import { type RefObject, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { focusableIn } from './focusable';
import { lockBodyScroll } from './scroll-lock';

/** Open modals, innermost last: only the top one reacts to Escape and keeps focus. */
const stack: object[] = [];

export interface ModalOptions {
  open: boolean;
  /** Escape (and the caller's outside click) close only when dismissable. */
  dismissable: boolean;
  onClose: () => void;
  /** What gets focus on open; when it gives nothing, the first focusable element, else the panel. */
  initialFocus?: () => HTMLElement | null | undefined;
}

/**
 * Modal behaviour for a panel: scroll lock, focus moved in on open and back to the opener on
 * close, Tab kept inside, Escape closing. Returns `isTop` for the caller's outside-click check.
 */
export function useModal(panelRef: RefObject<HTMLElement | null>, { open, dismissable, onClose, initialFocus }: ModalOptions) {
  const token = useRef({}).current;
  const latest = useRef({ dismissable, onClose });
  latest.current = { dismissable, onClose };
  // Read once per opening: a new function from the caller's render does not reopen the dialog.
  const firstFocus = useEffectEvent(() => initialFocus?.());

  // Layout effect: focus moves before paint, so the opener never flashes a focus ring.
  useLayoutEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(token);
    const unlock = lockBodyScroll();

    const target = firstFocus() ?? focusableIn(panel)[0] ?? panel;
    target.focus({ preventScroll: true });

    const isTop = () => stack.at(-1) === token;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape' && !event.defaultPrevented) {
        // A widget inside (an open Select) that used Escape calls preventDefault first.
        if (latest.current.dismissable) {
          event.preventDefault();
          latest.current.onClose();
        }
      } else if (event.key === 'Tab') {
        const items = focusableIn(panel);
        if (items.length === 0) {
          event.preventDefault();
          panel.focus();
          return;
        }
        const first = items[0]!;
        const last = items.at(-1)!;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    // Focus that escapes by other means (a click on the page behind, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !panel.contains(event.target)) {
        (focusableIn(panel)[0] ?? panel).focus({ preventScroll: true });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(token), 1);
      unlock();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open, panelRef, token]);

  return { isTop: () => stack.at(-1) === token };
}
