import { useEffect, useRef } from 'react';
import { PARALLAX_FACTOR } from './road-scroll';

/** Decorative background that moves at half the page's scroll (§9 parallax factor 0.5); still when motion is reduced. */
export function RoadParallax() {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      if (layer.current) layer.current.style.transform = `translate3d(0, ${Math.round(window.scrollY * PARALLAX_FACTOR)}px, 0)`;
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <div className="road__parallax" aria-hidden="true">
      <div ref={layer} className="road__parallax-layer">
        <span className="road__blob road__blob--1" />
        <span className="road__blob road__blob--2" />
        <span className="road__blob road__blob--3" />
        <span className="road__blob road__blob--4" />
      </div>
    </div>
  );
}
