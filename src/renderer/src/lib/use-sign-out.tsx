import { logout } from '@shared/contract/auth';
import { useState } from 'react';
import { ru } from '../i18n/ru';
import { Button, Popup } from '../ui';
import { api } from './api';
import { dropChatHistory } from './chat-history';
import { countUserDrafts, dropAllUserDrafts } from './drafts';
import { type GoTo, signOutLocally } from './sign-out';

const t = ru.shell.signOutDrafts;

/**
 * The user's own sign-out (header menu, personal account). With drafts of theirs on this device
 * it first asks whether to keep them for their next sign-in or drop them; closing the question
 * stays signed in. The server ends the session; locally we sign out whatever it answers
 * (offline included).
 */
export function useSignOut(goTo: GoTo) {
  const [asking, setAsking] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);

  const finish = async (drop: boolean) => {
    setAsking(null);
    setLeaving(true);
    // Dropped while still signed in: the drafts and the AI chat history are found by whose they are.
    if (drop) {
      await dropAllUserDrafts();
      await dropChatHistory().catch(() => undefined);
    }
    await api.call(logout, {}, { handleErrors: true }).catch(() => undefined);
    signOutLocally(goTo);
  };

  const signOut = async () => {
    setLeaving(true);
    const count = await countUserDrafts();
    if (count > 0) {
      setLeaving(false);
      setAsking(count);
    } else await finish(false);
  };

  const popup = (
    <Popup
      open={asking !== null}
      title={t.title}
      size="md"
      onClose={() => setAsking(null)}
      actions={
        <>
          <Button variant="secondary" onClick={() => setAsking(null)} data-testid="sign-out-stay">
            {t.stay}
          </Button>
          <Button variant="danger" onClick={() => void finish(true)} data-testid="sign-out-drop">
            {t.drop}
          </Button>
          <Button onClick={() => void finish(false)} data-testid="sign-out-keep">
            {t.keep}
          </Button>
        </>
      }
    >
      <p data-testid="sign-out-drafts">{t.text(asking ?? 0)}</p>
    </Popup>
  );

  return { signOut, leaving, popup };
}
