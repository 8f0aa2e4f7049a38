import { useState } from 'react';
import { Link } from 'react-router';
import { ruOutbox } from '../../i18n/outbox';
import { useOutboxStatus, type OutboxItem } from '../../lib/offline-store/outbox-status';
import { dismissConflict, syncOutbox } from '../../lib/offline-store/sync-engine';
import { useOnline } from '../../lib/use-online';
import { Button, Card, EmptyState } from '../../ui';
import './outbox.css';

const t = ruOutbox;

const when = (at: number) => new Date(at).toLocaleString('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/**
 * Everything the signed-in user changed on this device that has not reached the server: refused
 * changes first (each leads to its own screen, where the user chooses), then those still waiting.
 */
export function OutboxPage() {
  const { items } = useOutboxStatus();
  const online = useOnline();
  const [sending, setSending] = useState(false);
  const conflicts = items.filter((item) => item.status === 'conflict');
  const pending = items.filter((item) => item.status === 'pending');
  const sendNow = async () => {
    setSending(true);
    try {
      await syncOutbox();
    } catch {
      // What could not be sent stays listed here.
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="screen outbox-page" aria-labelledby="outbox-title" data-testid="outbox-page">
      <h1 id="outbox-title">{t.title}</h1>
      <p className="outbox-page__intro">{t.intro}</p>
      {items.length === 0 && <EmptyState text={t.empty} />}
      {conflicts.length > 0 && (
        <Card title={t.conflictsTitle} className="outbox-page__group" data-testid="outbox-conflicts">
          <ul className="outbox-page__list">
            {conflicts.map((item) => (
              <OutboxRow key={item.id} item={item} />
            ))}
          </ul>
        </Card>
      )}
      {pending.length > 0 && (
        <Card
          title={t.pendingTitle}
          className="outbox-page__group"
          data-testid="outbox-pending"
          actions={
            <Button size="sm" variant="secondary" loading={sending} disabled={!online} onClick={() => void sendNow()}>
              {t.sendNow}
            </Button>
          }
        >
          {!online && <p className="outbox-page__hint">{t.offline}</p>}
          <ul className="outbox-page__list">
            {pending.map((item) => (
              <OutboxRow key={item.id} item={item} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function OutboxRow({ item }: { item: OutboxItem }) {
  const conflict = item.status === 'conflict';
  return (
    <li className={conflict ? 'outbox-item outbox-item--conflict' : 'outbox-item'} data-testid="outbox-item">
      <h3 className="outbox-item__title">{item.text.title}</h3>
      <p className="outbox-item__detail">{item.text.detail}</p>
      <p className="outbox-item__meta">{t.savedAt(when(item.createdAt))}</p>
      {conflict && item.reason && (
        <p className="outbox-item__reason" role="alert">
          {t.reason(item.reason.replace(/[.!]+$/, ''))}
        </p>
      )}
      <p className="outbox-item__hint">{conflict ? item.text.resolve : t.pendingHint}</p>
      <div className="outbox-item__actions">
        <Link to={item.text.href} className="outbox-item__link">
          {conflict && !item.dismissible ? t.resolve : t.open}
        </Link>
        {item.dismissible && (
          <Button size="sm" variant="secondary" onClick={() => void dismissConflict(item.id)}>
            {t.dismiss}
          </Button>
        )}
      </div>
    </li>
  );
}
