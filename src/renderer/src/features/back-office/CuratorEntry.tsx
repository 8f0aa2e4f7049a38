import { Navigate } from 'react-router';
import { rememberedLink } from '../../lib/nav-memory';

/** /study/curator goes to the current curator link (default standards). */
export function CuratorEntry() {
  return <Navigate to={`/curator/${rememberedLink('curator')}`} replace />;
}
