import { ruCalendar } from '../../i18n/calendar';
import { EmptyState, ErrorBox, fill, Loader } from '../../ui';
import { messengerLink } from './schedule-days';
import { useBirthdays } from './use-calendar-data';

const t = ruCalendar.birthdays;

/** Shell §2.8: today's birthdays with role and a messenger or VK link. */
export function BirthdaysList() {
  const birthdays = useBirthdays();
  if (birthdays.isPending) return <Loader label={t.loading} size="sm" />;
  if (birthdays.isError) return <ErrorBox message={t.error + birthdays.error.message} onRetry={() => void birthdays.refetch()} />;
  if (birthdays.data.length === 0) return <EmptyState text={t.empty} compact />;
  return (
    <ul className="birthdays">
      {birthdays.data.map((person, index) => {
        const name = `${person.userName} ${person.userSurname}`.trim();
        const link = messengerLink(person);
        return (
          <li key={`${name}-${index}`} className="birthdays__item">
            <span className="birthdays__avatar" aria-hidden="true">
              {(person.userName[0] ?? '') + (person.userSurname[0] ?? '')}
            </span>
            <span className="birthdays__who">
              <span className="birthdays__name">{name}</span>
              <span className="birthdays__role">{t.roles[person.userType] ?? t.student}</span>
            </span>
            {link ? (
              <a
                className="birthdays__link"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={fill(link.kind === 'telegram' ? t.telegramLabel : t.vkLabel, { name })}
              >
                <span className="birthdays__link-kind">{link.kind === 'telegram' ? t.telegram : t.vk}</span>
                <span className="birthdays__link-text">{link.text}</span>
              </a>
            ) : (
              <span className="birthdays__no-link">{t.noLink}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
