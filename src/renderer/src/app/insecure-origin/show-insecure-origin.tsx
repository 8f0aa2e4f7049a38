import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { httpsAddress } from './https-address';
import { InsecureOriginPage } from './InsecureOriginPage';

/** Renders the «open it over https» page into the app's root, in place of the app. */
export function showInsecureOrigin(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <InsecureOriginPage httpsUrl={httpsAddress(window.location.href)} />
    </StrictMode>,
  );
}
