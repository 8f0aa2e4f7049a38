import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isPlatformHost, refreshTgNickname, setTgAccount, type TelegramAuthData, type UserInfo, unlinkTg } from '@shared/contract/account';
import { ruAccount } from '../../i18n/account';
import { api } from '../../lib/api';
import { Button, ConfirmPopup, IconRefresh, IconTelegram, Loader, Spinner, useNotify } from '../../ui';
import { userInfoQuery } from '../../lib/use-user-info';
import { accountQueries } from './api';
import { failureText } from './errors';
import { liveRequest } from './live-request';

const t = ruAccount.telegram;
const e = ruAccount.errors;

interface Props {
  info: UserInfo;
  showError: (text: string) => void;
}

/** Messenger line of 'My data' (shell §2.7): the nickname with refresh and unlink, or a way to link. */
export function TelegramRow({ info, showError }: Props) {
  return info.tg_nickname ? <LinkedTelegram info={info} showError={showError} /> : <LinkTelegram showError={showError} />;
}

function LinkedTelegram({ info, showError }: Props) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const notify = useNotify();

  const refresh = async () => {
    setRefreshing(true);
    try {
      const { tgNickname } = await api.call(refreshTgNickname, { userVkId: info.user_vk_id }, { handleErrors: true });
      queryClient.setQueryData(userInfoQuery().queryKey, (current) => (current ? { ...current, tg_nickname: tgNickname } : current));
      notify(t.refreshed, { tone: 'success' });
    } catch (error) {
      const text = failureText(error, e.refreshTg);
      if (text) showError(text);
    } finally {
      setRefreshing(false);
    }
  };

  const unlink = async () => {
    try {
      await liveRequest(unlinkTg, {});
    } catch (error) {
      setConfirming(false);
      const text = failureText(error, e.unlinkTg);
      if (text) showError(text);
      return;
    }
    setConfirming(false);
    // Spec §4.6: on success the nickname goes and user info is loaded again.
    queryClient.setQueryData(userInfoQuery().queryKey, (current) => (current ? { ...current, tg_nickname: '' } : current));
    await queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
  };

  return (
    <div className="account-tg">
      <a className="account-tg__nick" href={`https://t.me/${encodeURIComponent(info.tg_nickname)}`} target="_blank" rel="noreferrer">
        @{info.tg_nickname}
      </a>
      <button
        type="button"
        className="ui-icon-button account-tg__refresh"
        onClick={() => void refresh()}
        aria-label={t.refresh}
        title={t.refresh}
        aria-busy={refreshing || undefined}
        disabled={refreshing}
        data-testid="tg-refresh"
      >
        {refreshing ? <Spinner size={16} /> : <IconRefresh />}
      </button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} data-testid="tg-unlink">
        {t.unlink}
      </Button>
      <ConfirmPopup
        open={confirming}
        title={t.unlinkTitle}
        text={t.unlinkText}
        confirmLabel={t.unlinkConfirm}
        danger
        onConfirm={unlink}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** The link control: Telegram's widget when this site may use it, else a note saying why not. */
function LinkTelegram({ showError }: { showError: (text: string) => void }) {
  const bot = useQuery(accountQueries.telegramBot());
  const site = useQuery(accountQueries.linkSite());

  if (bot.isPending || site.isPending) return <Loader inline size="sm" label={t.checking} />;
  // Not configured is the server's own sentence ('Telegram-бот не настроен на этом сервере.').
  if (bot.isError) return <p className="account-note">{failureText(bot.error, e.linkTg)}</p>;
  if (site.isError) return <p className="account-note">{failureText(site.error, e.linkTg)}</p>;
  if (!isPlatformHost(window.location.host, site.data.platformUrl)) {
    return (
      <p className="account-note" data-testid="tg-other-site">
        {t.otherSite}{' '}
        <a href={`${site.data.platformUrl}/study/lk`} target="_blank" rel="noreferrer">
          {site.data.platformUrl.replace(/^https?:\/\//, '')}
        </a>
      </p>
    );
  }
  return <TelegramWidgetButton botId={bot.data.currentBotTgId} showError={showError} />;
}

function TelegramWidgetButton({ botId, showError }: { botId: string; showError: (text: string) => void }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [linking, setLinking] = useState(false);
  const widget = useQuery(accountQueries.telegramWidget());
  // The latest handlers for the global callback, without re-registering it on every render.
  const handlers = useRef({ showError, notify });
  handlers.current = { showError, notify };

  useEffect(() => {
    const link = async (user: TelegramAuthData) => {
      setLinking(true);
      try {
        await api.call(setTgAccount, { domain: window.location.host, telegramData: user }, { handleErrors: true });
        handlers.current.notify(t.linked, { tone: 'success' });
        await queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey });
      } catch (error) {
        const text = failureText(error, ruAccount.errors.linkTg);
        if (text) handlers.current.showError(text);
      } finally {
        setLinking(false);
      }
    };
    window.onTelegramAuth = (user) => void link(user);
    return () => {
      delete window.onTelegramAuth;
    };
  }, [queryClient]);

  if (widget.isError) {
    return (
      <div className="account-tg">
        <span className="account-note">{t.widgetFailed}</span>
        <Button variant="ghost" size="sm" onClick={() => void widget.refetch()}>
          {t.widgetRetry}
        </Button>
      </div>
    );
  }
  const open = () => {
    // Opened straight from the click, so the browser lets Telegram's window through.
    widget.data?.auth({ bot_id: botId, request_access: 'write', lang: 'ru' }, (user) => {
      if (user) window.onTelegramAuth?.(user);
    });
  };
  return (
    <button
      type="button"
      className="account-tg-link"
      onClick={open}
      disabled={widget.isPending || linking}
      aria-busy={widget.isPending || linking || undefined}
      data-testid="tg-link"
    >
      {widget.isPending || linking ? <Spinner size={16} /> : <IconTelegram />}
      <span>{widget.isPending ? t.widgetLoading : linking ? t.linking : t.link}</span>
    </button>
  );
}
