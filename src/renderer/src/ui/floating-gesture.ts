import { fieldOf } from '@shared/guards';
/**
 * The pointer rules of the floating overlay icons (pet, AI chat; shell §4.1): a move over 10 px
 * is a drag, holding 1.5 s without moving is a hold, anything else a click. Pure, so the rules
 * are tested without a DOM.
 */
export const DRAG_THRESHOLD_PX = 10;
export const HOLD_MS = 1500;

export interface Point {
  x: number;
  y: number;
}

export interface GestureHandlers {
  onClick(): void;
  onHold?(): void;
  /** Where the icon's top-left corner is while dragging. */
  onDrag(position: Point): void;
  /** The drag ended here: remember it. */
  onDrop(position: Point): void;
}

export interface GestureTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: GestureTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface FloatingGesture {
  /** Pointer down at `pointer` with the icon's top-left corner at `origin`. */
  down(pointer: Point, origin: Point): void;
  move(pointer: Point): void;
  up(): void;
  cancel(): void;
}

type Phase = 'idle' | 'pressed' | 'dragging' | 'held';

export function createFloatingGesture(handlers: GestureHandlers, timers: GestureTimers = realTimers): FloatingGesture {
  let phase: Phase = 'idle';
  let start: Point = { x: 0, y: 0 };
  let origin: Point = { x: 0, y: 0 };
  let last: Point = { x: 0, y: 0 };
  let holdTimer: unknown = null;

  const stopHoldTimer = () => {
    if (holdTimer !== null) timers.clear(holdTimer);
    holdTimer = null;
  };
  const positionAt = (pointer: Point): Point => ({ x: origin.x + pointer.x - start.x, y: origin.y + pointer.y - start.y });

  return {
    down(pointer, iconOrigin) {
      stopHoldTimer();
      phase = 'pressed';
      start = pointer;
      origin = iconOrigin;
      last = iconOrigin;
      if (handlers.onHold) {
        holdTimer = timers.set(() => {
          holdTimer = null;
          if (phase !== 'pressed') return;
          phase = 'held';
          handlers.onHold?.();
        }, HOLD_MS);
      }
    },
    move(pointer) {
      if (phase === 'pressed' && Math.hypot(pointer.x - start.x, pointer.y - start.y) > DRAG_THRESHOLD_PX) {
        stopHoldTimer();
        phase = 'dragging';
      }
      if (phase !== 'dragging') return;
      last = positionAt(pointer);
      handlers.onDrag(last);
    },
    up() {
      stopHoldTimer();
      const ended = phase;
      phase = 'idle';
      if (ended === 'pressed') handlers.onClick();
      else if (ended === 'dragging') handlers.onDrop(last);
    },
    cancel() {
      stopHoldTimer();
      if (phase === 'dragging') handlers.onDrop(last);
      phase = 'idle';
    },
  };
}

export interface Size {
  width: number;
  height: number;
}

/** Keeps the icon fully on screen (a remembered spot from a wider window, a rotated phone). */
export function clampToViewport(position: Point, icon: Size, viewport: Size, margin = 4): Point {
  const maxX = Math.max(margin, viewport.width - icon.width - margin);
  const maxY = Math.max(margin, viewport.height - icon.height - margin);
  return {
    x: Math.round(Math.min(Math.max(position.x, margin), maxX)),
    y: Math.round(Math.min(Math.max(position.y, margin), maxY)),
  };
}

/** A remembered position, or null when absent or not two finite numbers. */
export function parseStoredPosition(raw: string | null): Point | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    const x = fieldOf(value, 'x');
    const y = fieldOf(value, 'y');
    return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
  } catch {
    return null;
  }
}
