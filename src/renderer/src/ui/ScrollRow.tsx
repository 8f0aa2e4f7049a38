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
    // The current page's link is kept in the row's view (not the page's: only the row scrolls)
    // until the person scrolls the row; a new current link (navigation) is brought in again.
    let touched = false;
    let current: Element | null = null;
    const showCurrent = () => {
      const now = element.querySelector('[aria-current="page"]');
      if (now !== current) touched = false;
      current = now;
      if (touched || !(now instanceof HTMLElement) || element.clientWidth === 0) return;
      const start = now.offsetLeft - element.offsetLeft;
      const end = start + now.offsetWidth;
      if (start < element.scrollLeft) element.scrollLeft = start - 24;
      else if (end > element.scrollLeft + element.clientWidth) element.scrollLeft = end - element.clientWidth + 40;
    };
    const onChange = () => {
      showCurrent();
      update();
    };
    const onTouched = () => {
      touched = true;
    };
    // Links change width when the fonts arrive and their labels when the flags do: watch them too.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(onChange) : null;
    const watchLinks = () => {
      resized?.disconnect();
      resized?.observe(element);
      for (const child of Array.from(element.children)) resized?.observe(child);
    };
    const changed =
      typeof MutationObserver === 'function'
        ? new MutationObserver(() => {
            watchLinks();
            onChange();
          })
        : null;
    changed?.observe(element, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-current'] });
    watchLinks();
    onChange();
    element.addEventListener('scroll', update, { passive: true });
    element.addEventListener('wheel', onTouched, { passive: true });
    element.addEventListener('pointerdown', onTouched);
    element.parentElement?.addEventListener('click', onTouched);
    return () => {
      element.removeEventListener('scroll', update);
      element.removeEventListener('wheel', onTouched);
      element.removeEventListener('pointerdown', onTouched);
      element.parentElement?.removeEventListener('click', onTouched);
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
 * hidden, the cut side fades out and shows an arrow that scrolls on (a cut «Трениров…» gave
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
