import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { readStorage, type StorageKey, writeStorage } from '../lib/storage-keys';
import { cx } from './class-names';
import { clampToViewport, createFloatingGesture, parseStoredPosition, type Point } from './floating-gesture';
import './FloatingIcon.css';

export interface FloatingIconProps {
  /** Accessible name of the button. */
  label: string;
  /** Where the position is remembered. */
  storageKey: StorageKey;
  /**
   * Spot before the user moves it: distance of the icon's bottom-right corner from the window's,
   * or with `left`, of its bottom-left corner from the window's (two icons in different corners).
   */
  defaultOffset: { right: number; bottom: number } | { left: number; bottom: number };
  /** Square size in px. */
  size?: number;
  onOpen(): void;
  /** Held 1.5 s without moving, or the context-menu key (Shift+F10) from the keyboard. */
  onHold?(): void;
  expanded?: boolean;
  className?: string;
  children: ReactNode;
}

const KEY_STEP_PX = 16;
const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * A draggable round button floating over every page (pet, AI chat). A move over 10 px drags,
 * a 1.5 s hold asks for `onHold`, a short press opens; arrow keys move it from the keyboard.
 * The spot is remembered and kept on screen when the window shrinks.
 */
export function FloatingIcon({ label, storageKey, defaultOffset, size = 64, onOpen, onHold, expanded, className, children }: FloatingIconProps) {
  const icon = useMemo(() => ({ width: size, height: size }), [size]);
  const fallback = (): Point => ({
    x: 'left' in defaultOffset ? defaultOffset.left : window.innerWidth - size - defaultOffset.right,
    y: window.innerHeight - size - defaultOffset.bottom,
  });
  // The spot the user chose (null: the default one). Window resizes clamp a copy of it, never it,
  // so a window made small for a moment (a full-page screenshot, a minimised window reporting 0×0)
  // does not push the icon into a corner for good.
  const chosen = useRef<Point | null>(parseStoredPosition(readStorage(storageKey)));
  const [position, setPosition] = useState<Point>(() => clampToViewport(chosen.current ?? fallback(), icon, viewport()));
  const [dragging, setDragging] = useState(false);
  const latest = useRef({ onOpen, onHold });
  latest.current = { onOpen, onHold };

  const remember = (spot: Point) => {
    const kept = clampToViewport(spot, icon, viewport());
    chosen.current = kept;
    setPosition(kept);
    writeStorage(storageKey, JSON.stringify(kept));
  };
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  const rememberRef = useRef(remember);
  rememberRef.current = remember;

  const gesture = useMemo(
    () =>
      createFloatingGesture({
        onClick: () => latest.current.onOpen(),
        onHold: onHold ? () => latest.current.onHold?.() : undefined,
        onDrag: (spot) => {
          setDragging(true);
          setPosition(clampToViewport(spot, icon, viewport()));
        },
        onDrop: (spot) => {
          setDragging(false);
          rememberRef.current(spot);
        },
      }),
    // A hold handler appearing or going away changes the rules; the callbacks themselves are read live.
    [Boolean(onHold), icon],
  );

  useEffect(() => {
    const keepOnScreen = () => {
      if (window.innerWidth <= 0 || window.innerHeight <= 0) return;
      setPosition(clampToViewport(chosen.current ?? fallbackRef.current(), icon, viewport()));
    };
    window.addEventListener('resize', keepOnScreen);
    return () => window.removeEventListener('resize', keepOnScreen);
  }, [icon]);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    gesture.down({ x: event.clientX, y: event.clientY }, position);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const arrow = ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      remember({ x: position.x + arrow.x * KEY_STEP_PX, y: position.y + arrow.y * KEY_STEP_PX });
    } else if (onHold && (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10'))) {
      event.preventDefault();
      onHold();
    }
  };

  return (
    <button
      type="button"
      className={cx('ui-floating-icon', dragging && 'ui-floating-icon--dragging', className)}
      style={{ left: position.x, top: position.y, width: size, height: size }}
      aria-label={label}
      aria-expanded={expanded}
      onPointerDown={onPointerDown}
      onPointerMove={(event) => gesture.move({ x: event.clientX, y: event.clientY })}
      onPointerUp={() => gesture.up()}
      onPointerCancel={() => gesture.cancel()}
      // Pointer presses are judged by the gesture; only a keyboard activation (detail 0) clicks here.
      onClick={(event) => event.detail === 0 && onOpen()}
      // A long touch would open the browser's menu instead of our hold.
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={onKeyDown}
    >
      {children}
    </button>
  );
}
