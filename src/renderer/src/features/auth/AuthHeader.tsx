import { ru } from '../../i18n/ru';
import './auth.css';

/** The logo, name and course above the sign-in, sign-up and «https needed» cards. */
export function AuthHeader() {
  return (
    <div className="auth-card__brand">
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={56} height={56} />
      <div>
        <div className="auth-card__name">{ru.brand.name}</div>
        <div className="muted">{ru.brand.courseTitle}</div>
      </div>
    </div>
  );
}
