import { useNavigate } from 'react-router';
import { landingPathFor, isUserType } from '@shared/domain/user-types';
import { saveSession } from '../../lib/session';

/**
 * Stores a new session and goes where the server says: the checking queue for curators and
 * checkers, otherwise shell §2.4 ('Неактивный' → /study, others → roadmap).
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return (session: { token: string; device: string; userType: string; landing?: string }) => {
    saveSession(session);
    const landing = session.landing ?? (isUserType(session.userType) ? landingPathFor(session.userType) : '/study');
    void navigate(landing.replace(/^\/study/, '') || '/', { replace: true });
  };
}
