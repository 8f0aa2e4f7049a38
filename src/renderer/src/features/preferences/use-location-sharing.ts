import { useEffect, useRef, useState } from 'react';
import { LOCATION_POLL_MS } from '@shared/contract/preferences';

/** What the browser lets us know about the user's position. */
export type GeoState = 'unsupported' | 'insecure' | 'prompt' | 'granted' | 'denied' | 'unavailable';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

function initialState(): GeoState {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return 'unsupported';
  // Browsers offer geolocation only to secure pages (HTTPS or localhost).
  if (!window.isSecureContext) return 'insecure';
  return 'prompt';
}

/**
 * While `active` and the page is visible, reads the position every LOCATION_POLL_MS (learning doc
 * §9) and hands it to `onPosition`. The permission is watched without prompting, so the indicator
 * is right even while sharing is off; the browser asks only once sharing is on.
 */
export function useLocationSharing(active: boolean, onPosition: (point: GeoPoint) => void): { state: GeoState; reason: string } {
  const [state, setState] = useState<GeoState>(initialState);
  const [reason, setReason] = useState('');
  const callback = useRef(onPosition);
  useEffect(() => {
    callback.current = onPosition;
  });
  const blocked = state === 'unsupported' || state === 'insecure';

  useEffect(() => {
    if (blocked || !navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    let cancelled = false;
    const follow = () => {
      if (!status) return;
      // 'granted' is also learned from a successful read; a permission query never downgrades it to 'prompt'.
      setState((current) => (status!.state === 'prompt' && current === 'granted' ? current : status!.state));
    };
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((result) => {
        if (cancelled) return;
        status = result;
        follow();
        result.addEventListener('change', follow);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', follow);
    };
  }, [blocked]);

  useEffect(() => {
    if (!active || blocked) return;
    let reading = false;
    let stopped = false;
    const read = () => {
      if (reading || stopped || document.visibilityState !== 'visible') return;
      reading = true;
      navigator.geolocation.getCurrentPosition(
        (position) => {
          reading = false;
          if (stopped) return;
          setState('granted');
          callback.current({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        },
        (error) => {
          reading = false;
          if (stopped) return;
          if (error.code === error.PERMISSION_DENIED) setState('denied');
          else {
            setState('unavailable');
            setReason(error.message);
          }
        },
        { maximumAge: LOCATION_POLL_MS, timeout: 20_000 },
      );
    };
    read();
    const timer = setInterval(read, LOCATION_POLL_MS);
    // Back on the tab: send at once rather than waiting for the next tick.
    document.addEventListener('visibilitychange', read);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', read);
    };
  }, [active, blocked]);

  return { state, reason };
}
