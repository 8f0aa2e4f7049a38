import { Navigate } from 'react-router';
import { rememberedLink } from '../../app/nav-memory';

/** /study/ goes to the last chosen main link, or lk (shell §2.6). */
export function MainAreaEntry() {
  return <Navigate to={`/${rememberedLink('main')}`} replace />;
}
