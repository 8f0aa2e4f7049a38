import type { UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { UserInfo } from '@shared/contract/account';
import { isStaffType } from '@shared/domain/user-types';
import { liveStatusAtom } from '../../lib/live';
import { ruAccount } from '../../i18n/account';
import { ru } from '../../i18n/ru';
import { Button, Card, cx, Loader } from '../../ui';
import { failureText } from './errors';
import { dateOrDash, orDash, phoneText } from './format';
import { InfoList, type InfoItem } from './InfoList';
import { TelegramRow } from './TelegramRow';

const t = ruAccount.myData;

interface Props {
  user: UseQueryResult<UserInfo>;
  showError: (text: string) => void;
}

/** 'Мои данные' (shell §2.7): connection state and every profile field; a dash where the load failed. */
export function MyDataCard({ user, showError }: Props) {
  const status = useAtomValue(liveStatusAtom);
  const info = user.data;
  const dash = ruAccount.dash;
  const failed = user.isError && !info;

  const items: InfoItem[] = [
    { label: t.region, value: info ? orDash(info.reg_name) : dash },
    { label: t.birthDate, value: info ? dateOrDash(info.user_bdate) : dash, testId: 'my-bdate' },
    // A school class is a student's; staff have none.
    ...(info && isStaffType(info.user_type) ? [] : [{ label: t.classNumber, value: info ? orDash(info.user_class_number) : dash }]),
    { label: t.phone, value: info ? phoneText(info.user_tel) : dash },
    { label: t.email, value: info ? orDash(info.user_email) : dash },
    {
      label: t.vk,
      value: !info ? (
        dash
      ) : info.user_vk_id ? (
        <a href={`https://vk.com/id${encodeURIComponent(info.user_vk_id)}`} target="_blank" rel="noreferrer">
          vk.com/id{info.user_vk_id}
        </a>
      ) : (
        <span className="muted">{t.vkNone}</span>
      ),
    },
    { label: t.telegram, value: info ? <TelegramRow info={info} showError={showError} /> : dash, testId: 'my-telegram' },
  ];

  const online = status === 'online';
  const statusText = online ? t.online : status === 'connecting' ? t.connecting : t.offline;
  const initials = info ? `${info.user_name.charAt(0)}${info.user_surname.charAt(0)}` : '';

  return (
    <Card
      title={t.title}
      className="account-card account-my-data"
      actions={
        <span className={cx('account-status', online && 'account-status--online')} data-testid="live-status" role="status">
          <span className="account-status__dot" aria-hidden="true" />
          {statusText}
        </span>
      }
    >
      {user.isPending ? (
        <Loader />
      ) : (
        <>
          <div className="account-person">
            <div className="account-avatar">
              {info?.user_ava_link ? <img src={info.user_ava_link} alt={t.avatarAlt} /> : <span aria-hidden="true">{initials || dash}</span>}
            </div>
            <div className="account-person__text">
              <span className="account-person__label">{t.fullName}</span>
              <span className="account-person__name" data-testid="my-name">
                {info ? orDash([info.user_surname, info.user_name, info.user_otch].join(' ')) : dash}
              </span>
            </div>
          </div>
          <InfoList items={items} />
        </>
      )}
      {failed && (
        <div className="account-inline-error" role="alert">
          <span>{failureText(user.error, ruAccount.errors.userInfo)}</span>
          <Button variant="secondary" size="sm" onClick={() => void user.refetch()}>
            {ru.common.retry}
          </Button>
        </div>
      )}
    </Card>
  );
}
