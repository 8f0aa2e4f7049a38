import { Navigate } from 'react-router';
import { CHECKING_QUEUE_PATH } from '@shared/domain/user-types';
import { rememberedLink } from '../../lib/nav-memory';
import { storedLanding } from '../../lib/session';

/**
 * /study/ goes to the last chosen main link, or lk (shell §2.6) — except for curators and checkers,
 * whom the server sends to the checking queue at sign-in: their home is the queue.
 */
export function MainAreaEntry() {
  if (storedLanding() === CHECKING_QUEUE_PATH) return <Navigate to={CHECKING_QUEUE_PATH.replace(/^\/study/, '')} replace />;
  return <Navigate to={`/${rememberedLink('main')}`} replace />;
}
