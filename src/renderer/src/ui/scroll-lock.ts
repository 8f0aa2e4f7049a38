/**
 * Locks page scrolling while a modal (or the AI chat panel on a phone) is open. Counted, so
 * nested popups unlock only when the last one closes; the scrollbar's width is kept as padding
 * so the page does not jump sideways.
 */
let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

export function lockBodyScroll(): () => void {
  if (locks++ === 0) {
    const body = document.body;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (scrollbar > 0) {
      const current = Number.parseFloat(getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${current + scrollbar}px`;
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0 && saved) {
      document.body.style.overflow = saved.overflow;
      document.body.style.paddingRight = saved.paddingRight;
      saved = null;
    }
  };
}
