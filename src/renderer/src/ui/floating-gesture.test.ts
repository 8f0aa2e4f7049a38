import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampToViewport, createFloatingGesture, DRAG_THRESHOLD_PX, HOLD_MS, parseStoredPosition } from './floating-gesture';

function setup(withHold = true) {
  const handlers = { onClick: vi.fn(), onHold: withHold ? vi.fn() : undefined, onDrag: vi.fn(), onDrop: vi.fn() };
  return { handlers, gesture: createFloatingGesture(handlers) };
}

describe('floating icon gesture (shell §4.1)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a short press without moving is a click', () => {
    const { handlers, gesture } = setup();
    gesture.down({ x: 100, y: 100 }, { x: 90, y: 90 });
    gesture.move({ x: 100 + DRAG_THRESHOLD_PX, y: 100 });
    vi.advanceTimersByTime(200);
    gesture.up();
    expect(handlers.onClick).toHaveBeenCalledOnce();
    expect(handlers.onDrag).not.toHaveBeenCalled();
    expect(handlers.onDrop).not.toHaveBeenCalled();
  });

  it('a move over 10 px drags the icon by the pointer offset and drops it there', () => {
    const { handlers, gesture } = setup();
    gesture.down({ x: 100, y: 100 }, { x: 90, y: 90 });
    gesture.move({ x: 108, y: 107 });
    expect(handlers.onDrag).toHaveBeenLastCalledWith({ x: 98, y: 97 });
    gesture.move({ x: 150, y: 40 });
    expect(handlers.onDrag).toHaveBeenLastCalledWith({ x: 140, y: 30 });
    vi.advanceTimersByTime(HOLD_MS * 2);
    gesture.up();
    expect(handlers.onDrop).toHaveBeenCalledExactlyOnceWith({ x: 140, y: 30 });
    expect(handlers.onClick).not.toHaveBeenCalled();
    expect(handlers.onHold).not.toHaveBeenCalled();
  });

  it('holding 1.5 s without moving is a hold, and the release is then not a click', () => {
    const { handlers, gesture } = setup();
    gesture.down({ x: 5, y: 5 }, { x: 0, y: 0 });
    vi.advanceTimersByTime(HOLD_MS - 1);
    expect(handlers.onHold).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handlers.onHold).toHaveBeenCalledOnce();
    gesture.move({ x: 50, y: 50 });
    gesture.up();
    expect(handlers.onClick).not.toHaveBeenCalled();
    expect(handlers.onDrag).not.toHaveBeenCalled();
  });

  it('without a hold handler a long press is still a click; a cancelled drag keeps where it got to', () => {
    const { handlers, gesture } = setup(false);
    gesture.down({ x: 0, y: 0 }, { x: 0, y: 0 });
    vi.advanceTimersByTime(HOLD_MS * 3);
    gesture.up();
    expect(handlers.onClick).toHaveBeenCalledOnce();
    gesture.down({ x: 0, y: 0 }, { x: 10, y: 10 });
    gesture.move({ x: 30, y: 0 });
    gesture.cancel();
    expect(handlers.onDrop).toHaveBeenCalledExactlyOnceWith({ x: 40, y: 10 });
  });
});

describe('floating icon position', () => {
  it('keeps the icon on screen', () => {
    const icon = { width: 64, height: 64 };
    const viewport = { width: 390, height: 700 };
    expect(clampToViewport({ x: 1200, y: -30 }, icon, viewport)).toEqual({ x: 322, y: 4 });
    expect(clampToViewport({ x: 100.4, y: 200.6 }, icon, viewport)).toEqual({ x: 100, y: 201 });
  });

  it('reads only two finite numbers back', () => {
    expect(parseStoredPosition('{"x":10,"y":20}')).toEqual({ x: 10, y: 20 });
    for (const raw of [null, '', 'nonsense', '[1,2]', '{"x":"1","y":2}', '{"x":1}', 'null']) expect(parseStoredPosition(raw)).toBeNull();
  });
});
