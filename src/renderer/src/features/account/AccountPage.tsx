import { useState } from 'react';
import { isStaffType } from '@shared/domain/user-types';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../lib/use-user-info';
import { ruAccount } from '../../i18n/account';
import { ru } from '../../i18n/ru';
import { useSignOut } from '../../lib/use-sign-out';
import { Button, IconLogout, Popup, Switch, useTheme } from '../../ui';
import { AppLinksCard } from './AppLinksCard';
import { CourseDataCard } from './CourseDataCard';
import { GoalsCard } from './GoalsCard';
import { MyDataCard } from './MyDataCard';
import { ReferralCard } from './ReferralCard';
import { useUpdateTgNicknameParam } from './use-update-tg-nickname';
import './account.css';

const t = ruAccount;

/** Personal account, route lk (shell §2.7): profile, course, goals, referral, apps, theme and logout. */
export function AccountPage() {
  const user = useUserInfo();
  const { dark, setDark } = useTheme();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  // Same as the header's: asks about drafts on this device, then signs out whatever the server answers.
  const { signOut, leaving, popup: signOutPopup } = useSignOut(navigate);
  useUpdateTgNicknameParam();
  // A curator's or an admin's cabinet has no course, goals or promo code of a student.
  const staff = user.data !== undefined && isStaffType(user.data.user_type);

  return (
    <section className="screen account" aria-labelledby="account-title">
      <div className="account__head">
        <h1 id="account-title">{t.title}</h1>
        <div className="account__head-actions">
          <Switch checked={dark} onChange={setDark} label={t.darkTheme} />
          <Button variant="secondary" icon={<IconLogout />} loading={leaving} onClick={() => void signOut()} data-testid="account-logout">
            {t.logout}
          </Button>
        </div>
      </div>
      <div className="account__grid">
        <MyDataCard user={user} showError={setError} />
        {!staff && (
          <>
            <CourseDataCard info={user.data} />
            <GoalsCard info={user.data} />
            <ReferralCard />
          </>
        )}
        <AppLinksCard />
      </div>
      {signOutPopup}
      <Popup open={error !== null} title={t.errorTitle} onClose={() => setError(null)} size="sm" actions={<Button onClick={() => setError(null)}>{ru.common.close}</Button>}>
        <p role="alert">{error}</p>
      </Popup>
    </section>
  );
}
