import type { UserInfo } from '@shared/contract/account';
import { TARIFF_NOTES, tariffName } from '@shared/domain/tariffs';
import { ruAccount } from '../../i18n/account';
import { useCoursePageLink } from '../../lib/course-page';
import { buttonClassName, Card, cx } from '../../ui';
import { dateOrDash, personName, roublesText, balanceTone } from './format';
import { InfoList } from './InfoList';

const t = ruAccount.course;

/** Types who have not bought the course: they get the purchase link instead (shell §2.7, §6). */
const WITHOUT_COURSE = new Set(['Неактивный', 'Демо']);

/** 'Данные курса' (shell §2.7, §4.6): tariff, cost, options, balance, dates and curators. */
export function CourseDataCard({ info }: { info: UserInfo | undefined }) {
  if (!info) {
    return (
      <Card title={t.title} className="account-card">
        <p className="muted">{ruAccount.dash}</p>
      </Card>
    );
  }
  if (WITHOUT_COURSE.has(info.user_type)) return <PurchaseCard />;
  const note = TARIFF_NOTES[Number(info.user_tarif_num)];
  const tone = balanceTone(info.bn_balance);
  return (
    <Card title={t.title} className="account-card" data-testid="course-data">
      <InfoList
        items={[
          {
            label: t.tariff,
            value: (
              <>
                {tariffName(info.user_tarif_num)}
                {note && <span className="account-info__note">{note}</span>}
              </>
            ),
          },
          { label: t.monthly, value: roublesText(info.user_tarif) },
          { label: t.oralTest, value: info.user_zachet === '1' ? t.withOralTest : t.withoutOralTest },
          { label: t.mistakeWork, value: info.with_mistake_work === '1' ? ruAccount.yes : ruAccount.no },
          {
            label: t.balance,
            value: <span className={cx('account-balance', `account-balance--${tone}`)}>{roublesText(info.bn_balance)}</span>,
            testId: 'course-balance',
          },
          { label: t.whenToPay, value: dateOrDash(info.userWhenToPay) },
          { label: t.startDate, value: dateOrDash(info.user_start_course_date) },
          { label: t.curator, value: personName(info.curator_name, info.curator_surname) },
          { label: t.curatorDz, value: personName(info.curator_dz_name, info.curator_dz_surname) },
        ]}
      />
    </Card>
  );
}

/** Inactive and demo users: the course page link, or who to ask while the school has not set it. */
function PurchaseCard() {
  const courseLink = useCoursePageLink('lk');
  return (
    <Card title={t.title} className="account-card account-purchase" data-testid="course-purchase">
      <p className="muted">{t.purchaseText}</p>
      {courseLink ? (
        <a className={buttonClassName('primary')} href={courseLink} target="_blank" rel="noreferrer">
          {t.purchase}
        </a>
      ) : (
        <p>{t.askCurator}</p>
      )}
    </Card>
  );
}
