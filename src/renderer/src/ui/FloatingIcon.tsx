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
 * Phones: the icons are not free over the page but sit in the dock, a bar along the bottom edge
 * the page never scrolls under (shell.css `.shell__dock`, `--float-dock-height`), so they cover
 * no button. Kept in step with the `max-width: 600px` rules of shell.css.
 */
export const DOCK_QUERY = '(max-width: 600px)';
/** Height of the dock bar and the size of an icon inside it (px). */
export const DOCK_HEIGHT_PX = 60;
export const DOCKED_SIZE_PX = 48;
const DOCK_EDGE_PX = 12;

function useDocked(): boolean {
  const [docked, setDocked] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(DOCK_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DOCK_QUERY);
    const update = () => setDocked(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return docked;
}

/**
 * A draggable round button floating over every page (pet, AI chat). A move over 10 px drags,
 * a 1.5 s hold asks for `onHold`, a short press opens; arrow keys move it from the keyboard.
 * The spot is remembered and kept on screen when the window shrinks. On a phone it sits in the
 * dock instead, on the side of its default corner, and is not dragged (a drag there changes nothing).
 */
export function FloatingIcon({ label, storageKey, defaultOffset, size: freeSize = 64, onOpen, onHold, expanded, className, children }: FloatingIconProps) {
  const docked = useDocked();
  const size = docked ? DOCKED_SIZE_PX : freeSize;
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
  const dockedRef = useRef(docked);
  dockedRef.current = docked;
  const rememberRef = useRef(remember);
  rememberRef.current = remember;

  const holdable = Boolean(onHold);
  const gesture = useMemo(
    () =>
      createFloatingGesture({
        onClick: () => latest.current.onOpen(),
        onHold: holdable ? () => latest.current.onHold?.() : undefined,
        onDrag: (spot) => {
          if (dockedRef.current) return;
          setDragging(true);
          setPosition(clampToViewport(spot, icon, viewport()));
        },
        onDrop: (spot) => {
          setDragging(false);
          if (dockedRef.current) return;
          rememberRef.current(spot);
        },
      }),
    // A hold handler appearing or going away changes the rules; the callbacks themselves are read live.
    [holdable, icon],
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
    const arrow = docked ? undefined : ARROWS[event.key];
    if (arrow) {
      event.preventDefault();
      remember({ x: position.x + arrow.x * KEY_STEP_PX, y: position.y + arrow.y * KEY_STEP_PX });
    } else if (onHold && (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10'))) {
      event.preventDefault();
      onHold();
    }
  };

  const dockSpot = 'left' in defaultOffset ? { left: DOCK_EDGE_PX } : { right: DOCK_EDGE_PX };
  const style = docked ? { ...dockSpot, bottom: (DOCK_HEIGHT_PX - size) / 2, width: size, height: size } : { left: position.x, top: position.y, width: size, height: size };

  return (
    <button
      type="button"
      className={cx('ui-floating-icon', docked && 'ui-floating-icon--docked', dragging && !docked && 'ui-floating-icon--dragging', className)}
      style={style}
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
