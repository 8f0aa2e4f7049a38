import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { noInput } from './fields';

/**
 * «Сегодня»: the student's plan of the day, her streak and the first-day questions.
 * Our extension. Every student type has one (an inactive account has nothing to plan), and an
 * admin too, to see the screen as a student does; each reads only her own: there is no user key
 * in the input.
 */
const students = access.types('Админ', 'Интенсив', 'Демо', 'Частичный', 'Подписка', 'Пакетник', 'Ученик');

/** The daily budgets a student may pick, in minutes. */
export const DAILY_MINUTES = ['15', '30', '45', '60'] as const;

export const PLAN_ITEM_KINDS = ['homework', 'credit', 'oralCredit', 'booking', 'video', 'review', 'weakElement'] as const;
export type PlanItemKind = (typeof PLAN_ITEM_KINDS)[number];

export const PLAN_TEXTS = {
  goalRange: 'Цель — целое число баллов от 0 до 100',
  examDate: 'Дата экзамена должна быть в будущем, в формате ГГГГ-ММ-ДД',
  reminderHour: 'Выберите час напоминания от 7 до 21',
  reminderBeforeSetup: 'Сначала ответьте на вопросы первого дня',
  reminderNoBot: 'Напоминания недоступны: школа не подключила Telegram-бота',
  reminderNotLinked: 'Сначала привяжите Telegram в разделе «Мои данные»',
  reminderNotFollowing: 'Сначала запустите бота школы в Telegram (кнопка «Старт»), затем включите напоминания',
} as const;

/**
 * Whether the daily Telegram reminder can reach her: 'ready'; 'noBot' (the school connected no
 * Telegram bot); 'notLinked' (no Telegram account linked to her profile); 'notFollowing' (she has
 * not started the school's bot or blocked it); 'unknown' (Telegram did not answer just now).
 */
export const REMINDER_REACH = ['ready', 'noBot', 'notLinked', 'notFollowing', 'unknown'] as const;

const flag = z.enum(['0', '1']);

const planItem = z.object({
  /** Stable within the day: the same work keeps its id when the plan is read again. */
  id: z.string(),
  kind: z.enum(PLAN_ITEM_KINDS),
  title: z.string(),
  minutes: z.number().int(),
  /** Why it is in today's plan, for the student: «дедлайн завтра», «слабая тема, +3 к прогнозу». */
  why: z.string(),
  /** The client route (under /study) that opens the work. */
  link: z.string(),
  /** Ticks itself when the work is done: computed from the work, never set by hand. */
  done: flag,
});
export type PlanItem = z.infer<typeof planItem>;

export const getToday = http('/app/api/plan/get_today.php', {
  input: noInput,
  output: z.object({
    /** '1' until the student answered the first-day questions: the client asks them, then the plan. */
    setupNeeded: flag,
    /**
     * What the first-day form starts from (her saved goal, the exam day). `examDateFromSchool`:
     * '1' when the school set the day, '0' when it is only the default placeholder.
     */
    defaults: z.object({ goalBall: z.number().int().nullable(), examDate: z.string(), examDateFromSchool: flag, dailyMinutes: z.enum(DAILY_MINUTES) }),
    /** Today in the school's calendar, YYYY-MM-DD. */
    date: z.string(),
    dailyMinutes: z.number().int(),
    examDate: z.string(),
    daysToExam: z.number().int(),
    items: z.array(planItem),
    streak: z.object({
      current: z.number().int(),
      best: z.number().int(),
      /** Freezes left this week (one a week covers a missed day by itself). */
      freezesLeft: z.number().int(),
      /** '1' once today's minimum is done. */
      todayCounted: flag,
      /** Minutes of done items that count the day (or the first item done). */
      minimumMinutes: z.number().int(),
    }),
    /** The raccoon follows the streak: happy on a kept streak, sad after a missed day, calm otherwise. */
    raccoonMood: z.enum(['happy', 'calm', 'sad']),
    /**
     * Her daily Telegram reminder: on or off, the Moscow hour she chose (9 until she chose one),
     * the school's quiet hours [from, to) and whether a message can reach her.
     */
    reminder: z.object({ on: flag, hour: z.number().int(), quietFrom: z.number().int(), quietTo: z.number().int(), reach: z.enum(REMINDER_REACH) }),
  }),
  access: students,
  extension: true,
});

/** Turns her daily Telegram reminder on at a Moscow hour (7–21), or off. */
export const setReminder = http('/app/api/plan/set_reminder.php', {
  input: z.object({
    on: flag,
    hour: z.string().trim().regex(/^\d{1,2}$/, PLAN_TEXTS.reminderHour),
  }),
  output: z.object({}),
  access: students,
  extension: true,
});

export const setFirstDay = http('/app/api/plan/set_first_day.php', {
  input: z.object({
    goalBall: z.string().trim().regex(/^\d{1,3}$/, PLAN_TEXTS.goalRange),
    examDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PLAN_TEXTS.examDate),
    dailyMinutes: z.enum(DAILY_MINUTES),
  }),
  output: z.object({}),
  access: students,
  extension: true,
});
