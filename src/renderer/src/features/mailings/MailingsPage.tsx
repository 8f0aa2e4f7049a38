import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelTgMailing,
  cancelVkMailing,
  createFreeAppMailing,
  MAILING_CHANNELS,
  RECEIVER_GROUPS,
  updateMailings,
  type MailingChannel,
  type MailingItem,
} from '@shared/contract/mailings';
import { useState } from 'react';
import { ruMailings } from '../../i18n/mailings';
import { liveErrorText, liveRequest } from '../../lib/live-request';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { Accordion, Button, ConfirmPopup, cx, EmptyState, ErrorBox, ProgressBar, QueryState, Select, Spinner, TextField } from '../../ui';
import { usePush } from '../../lib/use-push';
import { mailingsQueries } from './api';
import { CreateMailingPopup } from './CreateMailingPopup';
import './mailings.css';
import { isOneOf } from '@shared/guards';

const t = ruMailings;

function readTab(): MailingChannel {
  const stored = readStorage(STORAGE_KEYS.mailingTab);
  return isOneOf(MAILING_CHANNELS, stored) ? stored : 'MAIN';
}

/** Back-office §2.5 mailings (route tg_sending): four bot tabs, lists kept live by pushes. */
export function MailingsPage() {
  const [tab, setTab] = useState<MailingChannel>(readTab);
  const [creating, setCreating] = useState(false);
  const queryClient = useQueryClient();
  const lists = useQuery(mailingsQueries.lists(tab));
  usePush(updateMailings, (body) => {
    queryClient.setQueryData(mailingsQueries.lists(body.channel).queryKey, { openMailings: body.openMailings, closedMailings: body.closedMailings });
  });
  const choose = (channel: MailingChannel) => {
    setTab(channel);
    writeStorage(STORAGE_KEYS.mailingTab, channel);
  };

  return (
    <section className="screen mailings" aria-labelledby="mailings-title">
      <h1 id="mailings-title">{t.title}</h1>
      <div className="mailings__tabs" role="tablist">
        {MAILING_CHANNELS.map((channel) => (
          <button key={channel} type="button" role="tab" aria-selected={tab === channel} className={cx('mailings__tab', tab === channel && 'mailings__tab--active')} onClick={() => choose(channel)}>
            {t.tabs[channel]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t.tabs[tab]}>
        {tab === 'FREE_APP' ? (
          <FreeAppForm />
        ) : (
          <Button onClick={() => setCreating(true)} className="mailings__create">
            {t.create}
          </Button>
        )}
        <QueryState query={lists} errorText={(error) => t.requestFailed(liveErrorText(error))} retryLabel={t.retry}>
          {(data) => (
            <>
              <Accordion title={t.active} summary={String(data.openMailings.length)} defaultOpen>
                {data.openMailings.length === 0 ? <EmptyState text={t.noActive} compact /> : <MailingList items={data.openMailings} testId="open-mailings" />}
              </Accordion>
              <Accordion title={t.finished} summary={String(data.closedMailings.length)} defaultOpen>
                {data.closedMailings.length === 0 ? <EmptyState text={t.noFinished} compact /> : <MailingList items={data.closedMailings} testId="closed-mailings" />}
              </Accordion>
            </>
          )}
        </QueryState>
      </div>
      {creating && tab !== 'FREE_APP' && <CreateMailingPopup channel={tab} onClose={() => setCreating(false)} />}
    </section>
  );
}

function MailingList({ items, testId }: { items: MailingItem[]; testId: string }) {
  return (
    <ul className="mailings__list" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id}>
          <MailingCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function MailingCard({ item }: { item: MailingItem }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => liveRequest(item.channel === 'VK' ? cancelVkMailing : cancelTgMailing, { mailingId: Number(item.id) }),
    onSuccess: () => setConfirming(false),
  });
  const open = item.status === 'Ожидание' || item.status === 'Рассылка';
  const done = item.totalSent + item.failed + item.outbox + item.unconfirmed;
  return (
    <article className="mailings__card" data-testid={`mailing-${item.id}`}>
      <header className="mailings__card-head">
        <span className={cx('mailings__status', `mailings__status--${item.status === 'Рассылка' ? 'running' : item.status === 'Отменена' ? 'canceled' : item.status === 'Завершена' ? 'ended' : 'planned'}`)}>
          {item.status === 'Рассылка' && <Spinner />} {item.status}
        </span>
        <span className="mailings__muted">#{item.id}</span>
      </header>
      {item.header && <strong>{item.header}</strong>}
      <p className="mailings__message">{item.message}</p>
      {item.imageLink && <p className="mailings__muted">{t.item.image}</p>}
      <dl className="mailings__facts">
        <div>
          <dt>{t.item.group}</dt>
          <dd>{item.receiverGroup}</dd>
        </div>
        <div>
          <dt>{t.item.start}</dt>
          <dd>{item.startAt}</dd>
        </div>
        {item.endAt && (
          <div>
            <dt>{t.item.end}</dt>
            <dd>{item.endAt}</dd>
          </div>
        )}
        {item.initiatorName && (
          <div>
            <dt>{t.item.author}</dt>
            <dd>{item.initiatorName}</dd>
          </div>
        )}
      </dl>
      {item.totalReceivers > 0 && <ProgressBar value={Math.floor((done / item.totalReceivers) * 100)} label={t.item.progress(item.totalSent, item.totalReceivers)} size="sm" />}
      <p className="mailings__counts" data-testid="mailing-counts">
        {[
          item.waiting > 0 && t.item.waiting(item.waiting),
          item.failed > 0 && t.item.failed(item.failed),
          item.outbox > 0 && t.item.outbox(item.outbox),
          item.unconfirmed > 0 && t.item.unconfirmed(item.unconfirmed),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {item.reason && (
        <p className="mailings__reason" data-testid="mailing-reason">
          {item.reason}
        </p>
      )}
      {open && (
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          {t.cancel}
        </Button>
      )}
      <ConfirmPopup
        open={confirming}
        title={t.cancelConfirm}
        onConfirm={() => cancel.mutateAsync()}
        onCancel={() => setConfirming(false)}
        confirmLabel={t.cancel}
        danger
        error={cancel.isError ? t.requestFailed(liveErrorText(cancel.error)) : undefined}
      />
    </article>
  );
}

/** §2.5 free-app form: header, text, link and audience must all be filled (§5). */
function FreeAppForm() {
  const [header, setHeader] = useState('');
  const [message, setMessage] = useState('');
  const [link, setLink] = useState('');
  const [group, setGroup] = useState('');
  const send = useMutation({
    mutationFn: () => liveRequest(createFreeAppMailing, { header: header.trim(), message: message.trim(), link: link.trim(), receiverGroup: group as 'All' }),
    onSuccess: () => {
      setHeader('');
      setMessage('');
      setLink('');
    },
  });
  const ready = header.trim() !== '' && message.trim() !== '' && link.trim() !== '' && group !== '';
  return (
    <form
      className="mailings__free"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) send.mutate();
      }}
    >
      <h2>{t.freeApp.title}</h2>
      <TextField label={t.freeApp.header} value={header} onChange={setHeader} maxLength={200} />
      <div className="ui-field">
        <label className="ui-field__label" htmlFor="free-app-message">
          {t.freeApp.message}
        </label>
        <textarea id="free-app-message" className="ui-input mailings__textarea" rows={4} value={message} onChange={(event) => setMessage(event.target.value)} maxLength={4096} />
      </div>
      <TextField label={t.freeApp.link} value={link} onChange={setLink} type="url" placeholder="https://" />
      <Select label={t.freeApp.audience} value={group || null} onChange={setGroup} options={RECEIVER_GROUPS.FREE_APP.map((value) => ({ value, label: value }))} />
      <div>
        <Button type="submit" disabled={!ready} loading={send.isPending}>
          {t.freeApp.send}
        </Button>
        {send.isSuccess && <span className="mailings__ok"> {t.freeApp.sent}</span>}
      </div>
      {send.isError && <ErrorBox message={t.requestFailed(liveErrorText(send.error))} />}
    </form>
  );
}
