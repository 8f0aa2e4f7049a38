import type { REMINDER_REACH } from '../../../src/shared/contract/plan';
import type { Services } from '../../services';
import { botSubscriptionOf } from '../../providers/messengers/bot-subscription';
import { planSettings } from './settings';

/** The hour the hour select shows before she chose one. */
const DEFAULT_REMINDER_HOUR = 9;

/** Her reminder as get_today answers it, with whether a Telegram message can reach her now. */
export async function reminderStateOf(services: Pick<Services, 'config' | 'kv' | 'db' | 'clock'>, user: { id: number; tg_id: string | null }) {
  const { db, config, clock } = services;
  const [settings, profile] = await Promise.all([planSettings(db, clock.now()), db.selectFrom('plan_profiles').select('reminder_hour').where('user_id', '=', user.id).executeTakeFirst()]);
  let reach: (typeof REMINDER_REACH)[number];
  if (!config.TELEGRAM_BOT_TOKEN) reach = 'noBot';
  else if (user.tg_id === null || user.tg_id === '') reach = 'notLinked';
  else {
    const subscription = await botSubscriptionOf(services, user);
    reach = subscription === 'subscribed' ? 'ready' : subscription === 'not-subscribed' ? 'notFollowing' : 'unknown';
  }
  const hour = profile?.reminder_hour ?? null;
  return { on: hour === null ? ('0' as const) : ('1' as const), hour: hour ?? DEFAULT_REMINDER_HOUR, quietFrom: settings.quiet.from, quietTo: settings.quiet.to, reach };
}
