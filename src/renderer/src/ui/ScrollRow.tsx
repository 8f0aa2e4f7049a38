import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { ru } from '../i18n/ru';
import { cx } from './class-names';
import { IconChevronLeft, IconChevronRight } from './icons';
import './ScrollRow.css';

interface Edges {
  /** Something is hidden before the visible part / after it. */
  before: boolean;
  after: boolean;
}

/** Which sides of a horizontally scrolling element hide something, kept up to date. */
function useHiddenEdges(ref: RefObject<HTMLElement | null>): Edges {
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    let shown: Element | null = null;
    // The current page's link is brought into the row's view (not the page's: only the row scrolls).
    const showCurrent = () => {
      const current = element.querySelector('[aria-current="page"]');
      if (!current || current === shown || !(current instanceof HTMLElement)) return;
      shown = current;
      const start = current.offsetLeft - element.offsetLeft;
      const end = start + current.offsetWidth;
      if (start < element.scrollLeft) element.scrollLeft = start - 24;
      else if (end > element.scrollLeft + element.clientWidth) element.scrollLeft = end - element.clientWidth + 40;
    };
    const onChange = () => {
      showCurrent();
      update();
    };
    onChange();
    element.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resized?.observe(element);
    // Links appear when the display flags arrive, and the current one changes on navigation.
    const changed = typeof MutationObserver === 'function' ? new MutationObserver(onChange) : null;
    changed?.observe(element, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-current'] });
    return () => {
      element.removeEventListener('scroll', update);
      resized?.disconnect();
      changed?.disconnect();
    };
  }, [ref]);
  return edges;
}

export interface ScrollRowProps {
  /** Accessible name of the navigation. */
  label: string;
  /** Classes of the wrapper (its place in the layout) and of the scrolling `<nav>` itself. */
  className?: string;
  navClassName?: string;
  children: ReactNode;
}

/**
 * A `<nav>` whose links may not fit the width (header, a section's tabs on a phone). When some are
 * hidden, the cut side fades out and shows an arrow that scrolls on (issue 30: «Трениров…» gave
 * no sign there was more). Keyboard users reach every link by Tab, which scrolls it into view,
 * so the arrows are for the pointer only.
 */
export function ScrollRow({ label, className, navClassName, children }: ScrollRowProps) {
  const ref = useRef<HTMLElement>(null);
  const { before, after } = useHiddenEdges(ref);
  const scroll = (direction: 1 | -1) => ref.current?.scrollBy({ left: direction * ref.current.clientWidth * 0.7, behavior: 'smooth' });
  return (
    <div className={cx('ui-scroll-row', before && 'ui-scroll-row--before', after && 'ui-scroll-row--after', className)}>
      <nav ref={ref} className={cx('ui-scroll-row__nav', navClassName)} aria-label={label}>
        {children}
      </nav>
      {before && (
        <button type="button" className="ui-scroll-row__arrow ui-scroll-row__arrow--before" tabIndex={-1} aria-hidden="true" title={ru.common.scrollBack} onClick={() => scroll(-1)} data-testid="scroll-row-before">
          <IconChevronLeft size={16} />
        </button>
      )}
      {after && (
        <button type="button" className="ui-scroll-row__arrow ui-scroll-row__arrow--after" tabIndex={-1} aria-hidden="true" title={ru.common.scrollMore} onClick={() => scroll(1)} data-testid="scroll-row-after">
          <IconChevronRight size={16} />
        </button>
      )}
    </div>
  );
}
