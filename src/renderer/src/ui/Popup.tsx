import { type MouseEvent, type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { ru } from '../i18n/ru';
import { cx } from './class-names';
import { focusableIn } from './focusable';
import { IconClose } from './icons';
import { useModal } from './use-modal';
import './Button.css';
import './Popup.css';

export interface PopupProps {
  open: boolean;
  /** Called on Escape, outside click and the close button (when dismissable). */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Footer buttons, right-aligned; stacked full-width on a phone. */
  actions?: ReactNode;
  /** false: no close button, Escape and outside clicks do nothing (required-fields popup). */
  dismissable?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Element focused on open, instead of the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Id of the element that describes the dialog (ConfirmPopup points it at its text). */
  describedBy?: string;
  className?: string;
  /** Class of the backdrop layer (a popup that must come over a fixed panel sets its z-index). */
  rootClassName?: string;
}

/** A modal dialog rendered over the page. */
export function Popup({
  open,
  onClose,
  title,
  children,
  actions,
  dismissable = true,
  size = 'md',
  initialFocusRef,
  describedBy,
  className,
  rootClassName,
}: PopupProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  // Content first, the close button last: focus lands where the user has something to do.
  const initialFocus = () =>
    initialFocusRef?.current ??
    (bodyRef.current && focusableIn(bodyRef.current)[0]) ??
    (actionsRef.current && focusableIn(actionsRef.current)[0]);
  const { isTop } = useModal(panelRef, { open, dismissable, onClose, initialFocus });

  if (!open) return null;

  // Close only when both press and release hit the backdrop: a text selection dragged out of
  // the panel must not close it.
  const onBackdropDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget && dismissable && isTop()) onClose();
    pressedOnBackdrop.current = false;
  };

  return createPortal(
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the backdrop closes the dialog; Escape does it from the keyboard (useModal)
    <div className={cx('ui-popup', rootClassName)} onMouseDown={onBackdropDown} onClick={onBackdropClick}>
      <div
        ref={panelRef}
        className={cx('ui-popup__panel', `ui-popup__panel--${size}`, className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="ui-popup__header">
          <h2 id={titleId} className="ui-popup__title">
            {title}
          </h2>
          {dismissable && (
            <button type="button" className="ui-icon-button ui-popup__close" aria-label={ru.common.close} onClick={onClose}>
              <IconClose />
            </button>
          )}
        </div>
        {children !== undefined && (
          <div ref={bodyRef} className="ui-popup__body">
            {children}
          </div>
        )}
        {actions !== undefined && (
          <div ref={actionsRef} className="ui-popup__actions">
            {actions}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
