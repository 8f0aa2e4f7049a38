import { useNavigate } from 'react-router';
import { landingPathFor, isUserType } from '@shared/domain/user-types';
import { saveSession } from '../../lib/session';

/** Stores a new session and goes where shell §2.4 says ('Неактивный' → /study, others → roadmap). */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return (session: { token: string; device: string; userType: string }) => {
    saveSession(session);
    const landing = isUserType(session.userType) ? landingPathFor(session.userType) : '/study';
    navigate(landing.replace(/^\/study/, '') || '/', { replace: true });
  };
}
