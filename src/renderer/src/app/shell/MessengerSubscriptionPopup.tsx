import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ru } from '../../i18n/ru';
import { Button, buttonClassName, Popup } from '../../ui';
import { shellQueries } from './api';

const t = ru.shell.subscription;

/**
 * Invites a student who is not subscribed to the messenger bot (back-office §2.2). Shown only
 * when the school configured a bot: a popup that cannot work would be a lie.
 */
export function MessengerSubscriptionPopup() {
  const [dismissed, setDismissed] = useState(false);
  const status = useQuery(shellQueries.messengerSubscription());
  const bot = status.data?.bot;
  // Only a known "no": when the server could not ask Telegram, nobody is nagged.
  if (dismissed || !bot || status.data?.isSubscribed !== '0' || status.data.subscriptionKnown === '0') return null;
  return (
    <Popup open title={t.title} onClose={() => setDismissed(true)}>
      <p>{t.text}</p>
      <div className="popup-actions">
        <a className={buttonClassName('primary')} href={`https://t.me/${bot.currentBotTg}`} target="_blank" rel="noreferrer" onClick={() => setDismissed(true)}>
          {t.open}
        </a>
        <Button variant="secondary" onClick={() => setDismissed(true)}>
          {t.later}
        </Button>
      </div>
    </Popup>
  );
}
