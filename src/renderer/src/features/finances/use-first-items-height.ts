import { useLayoutEffect, useRef, useState } from 'react';

/** Shell §9: the scrolling list is never shorter than this. */
const MIN_HEIGHT_PX = 200;

/**
 * Height of a list that shows its first `count` items and scrolls for the rest. Items differ in
 * height (long comments wrap), so it is measured, again whenever the list or its width changes.
 */
export function useFirstItemsHeight<T extends HTMLElement>(count: number, items: unknown) {
  const listRef = useRef<T>(null);
  const [maxHeight, setMaxHeight] = useState<number | undefined>(undefined);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const children = list.children;
      if (children.length <= count) return setMaxHeight(undefined);
      const last = children.item(count - 1);
      if (!last) return setMaxHeight(undefined);
      const bottom = last.getBoundingClientRect().bottom - list.getBoundingClientRect().top + list.scrollTop;
      setMaxHeight(Math.max(MIN_HEIGHT_PX, Math.ceil(bottom)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [count, items]);

  return { listRef, maxHeight };
}
