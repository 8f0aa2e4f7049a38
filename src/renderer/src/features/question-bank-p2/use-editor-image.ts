import { signP2ImageQuery } from '@shared/signing';
import { useEffect, useState } from 'react';
import { readSession } from '../../lib/session';
import { serverAssetUrl } from '../../lib/server-asset-url';

/**
 * The address an editor's <img> loads a part 2 picture from: /questions2/{qId}.png?v=… plus a
 * signature of this session bound to the image route, so pictures of unpublished questions show
 * too (the server honours it for ten minutes; the dialog re-signs on every new version).
 */
export function useEditorImage(address: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    setUrl(null);
    const session = readSession();
    if (address === '' || !session) return;
    void signP2ImageQuery(session, Date.now()).then((query) => {
      if (!cancelled) setUrl(`${serverAssetUrl(address)}${address.includes('?') ? '&' : '?'}${query}`);
    });
    return () => {
      cancelled = true;
    };
  }, [address]);
  return url;
}
