import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { noInput } from './fields';

/** Calendar: lessons, test weeks and today's birthdays (shell §2.8, §3.11, §3.12, §7.2). */

/** Event types of shell §3.11: a lesson on one day, or a test week spanning several. */
export const SCHEDULE_EVENT_TYPES = ['Lesson', 'Zach_week'] as const;
export type ScheduleEventType = (typeof SCHEDULE_EVENT_TYPES)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'ожидалась дата ГГГГ-ММ-ДД');

/** Shell §3.11 'Calendar event'. Dates are Moscow calendar days; time is Moscow 'hh:mm' or '' (no set time). */
export const scheduleEventSchema = z.object({
  id: z.string(),
  type: z.enum(SCHEDULE_EVENT_TYPES),
  date_start: isoDate,
  date_end: isoDate,
  time_start: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^$/, 'ожидалось время чч:мм'),
  description: z.string(),
});

export type ScheduleEvent = z.infer<typeof scheduleEventSchema>;

/** The events the signed-in user takes part in, ordered by start. */
export const getRaspis = http('/app/api/user_info/get_raspis.php', {
  readOnly: true,
  input: noInput,
  output: z.object({ dataArrayArray: z.array(scheduleEventSchema) }),
  access: access.icon('calendar'),
});

/** Shell §3.12 'Birthday user': who, never the birth date itself. */
export const birthdayUserSchema = z.object({
  userName: z.string(),
  userSurname: z.string(),
  userType: z.string(),
  /** Telegram nickname without '@', or ''. */
  userTgNickname: z.string(),
  /** Numeric VK id, or ''. */
  userVkId: z.string(),
});

export type BirthdayUser = z.infer<typeof birthdayUserSchema>;

/** People of the school whose birthday is today in Moscow; shown on the calendar screen. */
export const getBirthdays = http('/app/api/user_info/get_birthdays.php', {
  readOnly: true,
  input: noInput,
  output: z.object({ usersInfo: z.array(birthdayUserSchema) }),
  access: access.icon('calendar'),
});
