import { useEffect, useRef, useState } from 'react';
import { useTheme } from '../../ui';
import { currentFrameColors, frameDocument } from './frame-document';

/**
 * Shows server HTML in a sandboxed frame (ARCHITECTURE §8): no allow-scripts, so nothing in it
 * runs even if the sanitiser let something through. allow-same-origin without scripts only lets
 * this page measure the content's height; links open in a new tab outside the sandbox.
 */
export const DESCRIPTION_SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

export function IsolatedHtmlFrame({ html, title, minHeight = 60 }: { html: string; title: string; minHeight?: number }) {
  // Read on every render, which the theme's change causes: the frame follows light and dark.
  useTheme();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(minHeight);
  const srcDoc = frameDocument(html, currentFrameColors());

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let observer: ResizeObserver | undefined;
    const measure = () => {
      const doc = frame.contentDocument;
      if (doc?.documentElement) setHeight(Math.max(minHeight, Math.ceil(doc.documentElement.scrollHeight)));
    };
    const onLoad = () => {
      measure();
      observer?.disconnect();
      const body = frame.contentDocument?.body;
      if (body && typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(measure);
        observer.observe(body);
      }
    };
    frame.addEventListener('load', onLoad);
    if (frame.contentDocument?.readyState === 'complete') onLoad();
    return () => {
      frame.removeEventListener('load', onLoad);
      observer?.disconnect();
    };
  }, [srcDoc, minHeight]);

  return <iframe ref={frameRef} className="standards-frame" title={title} sandbox={DESCRIPTION_SANDBOX} srcDoc={srcDoc} style={{ height }} referrerPolicy="no-referrer" />;
}
