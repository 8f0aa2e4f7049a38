import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { alreadyApplied, flag, intLike, noInput, opId, safeString } from './fields';
import { homeworkQuestionP1 } from './homework-p1';

/** Automatic credits (learning-area §2 'Automatic credit', §3, §4, §5 retake limit, §7 'Credits'). */

const zachetNum = intLike.pipe(z.number().int().min(1, 'номер зачёта от 1').max(100000, 'слишком большой номер зачёта'));

/** 'Новый' before the first start; then 'Проводится', 'Сдан' or 'Несдан'. */
export const CREDIT_STATUSES = ['Новый', 'Проводится', 'Сдан', 'Несдан'] as const;

export const getZachetAuto = http('/app/api/zachets/get_zachet_auto.php', {
  input: z.object({ zachetNum, startButtonPressed: flag.default('0') }),
  output: z.object({
    zachetStatus: z.enum(CREDIT_STATUSES),
    zachetInfo: z.object({
      za_id: z.number().int(),
      za_lesson_numbers: z.string(),
      /** Our extension: the lesson whose card shows this credit (the screen's way back). */
      za_lesson_num: z.number().int(),
      /** Moscow 'dd.mm.yyyy hh:mm', '' without a deadline. */
      za_deadline: z.string(),
      za_questions: z.number().int(),
      /** Minutes for one attempt. */
      za_max_time: z.number().int(),
      za_max_popitok: z.number().int(),
      za_max_errors: z.number().int(),
      /** Seconds left in the running attempt (0 otherwise). */
      time_left: z.number().int(),
      /** Attempts used. */
      zu_popitka: z.number().int(),
      zu_status: z.string(),
      /** Our extension: wrong answers of the last finished attempt. */
      zu_errors: z.number().int().nullable(),
    }),
    /** The attempt's questions: while running without answers; after it, with answers and points. */
    questions: z.array(
      z.object({
        q_num: z.number().int(),
        q_id: z.number().int(),
        is_difficult: flag,
        /** Our extension: whether this question is answered in the running attempt. */
        answered: flag,
        question: homeworkQuestionP1,
      }),
    ),
  }),
  access: access.signedIn,
});

export const sendZachetAuto = http('/app/api/zachets/send_zachet_auto.php', {
  input: z.object({
    zachetNum,
    questionNum: intLike.pipe(z.number().int().min(1).max(1000)),
    userAnswer: safeString().max(60, 'ответ не длиннее 60 символов'),
    /** Our extension: the answer's operation id, the same when it is sent again (fields.ts `opId`). */
    opId: opId.optional(),
  }),
  /** `alreadyApplied` on a resend of an answer the server took (its reply was lost). */
  output: z.object({ alreadyApplied }),
  access: access.signedIn,
});

export const CREDIT_TEXTS = {
  notFound: 'Зачёт не найден',
  closed: 'Урок этого зачёта пока недоступен',
  notStarted: 'Зачёт ещё не начался',
  deadlinePassed: 'Срок сдачи зачёта истёк',
  /** Learning-area §5, verbatim. */
  attemptsExceeded: 'Превышен лимит попыток. Обратись к куратору',
  alreadyPassed: 'Зачёт уже сдан',
  notRunning: 'Попытка не идёт: начните зачёт',
  timeIsUp: 'Время на зачёт истекло, ответы сохранены',
  noQuestions: 'Для этого зачёта ещё нет вопросов',
  alreadyAnswered: 'На этот вопрос уже дан ответ',
  questionNotFound: 'Вопрос не найден',
  emptyAnswer: 'Введите ответ',
  badAnswer: 'Ответ не подходит к типу вопроса',
} as const;

/* Oral credit booking (learning-area 'Oral credit booking', §3 'Oral credit', §5, §7 'Credits', §8). */

const zachetNumber = intLike.pipe(z.number().int().min(1, 'номер зачёта от 1').max(100000, 'слишком большой номер зачёта'));

/** One published time: 'me' booked by the caller, '1' free, '0' taken by someone else. */
export const verbalSlotSchema = z.object({
  /** 'dd.mm.yyyy' Moscow. */
  date: z.string(),
  /** 'hh:mm:ss' Moscow. */
  time: z.string(),
  availability: z.enum(['me', '1', '0']),
  /** Our extension: the same time as sent back in choiceDateTime ('yyyy-mm-dd_hh:mm:ss'). */
  choiceDateTime: z.string(),
});

export const getVerbalZachetInfo = http('/app/api/zachets/get_verbal_zachet_info.php', {
  input: z.object({ zachetNumber }),
  output: z.object({
    zachetInfo: z.object({
      curatorId: z.string(),
      /** Our extension: the curator's name as the student knows them ('' without a curator). */
      curatorName: z.string(),
      zachetTaken: flag,
      zachOcenka: z.string(),
      /** Sanitised HTML: bare b/i/u/s/strong/em/p/br/ul/ol/li only. */
      zachComment: z.string(),
      /** Our extension: the lesson whose card shows this credit (the screen's way back). */
      lessonNum: z.number().int(),
      lessonNumbers: z.string(),
    }),
    dates: z.array(verbalSlotSchema),
  }),
  access: access.signedIn,
});

export const verbalZachetZapis = http('/app/api/zachets/verbal_zachet_zapis.php', {
  input: z.object({
    zachetNumber,
    choiceDateTime: safeString().regex(/^\d{4}-\d{2}-\d{2}_\d{2}:\d{2}(:\d{2})?$/, 'ожидалось гггг-мм-дд_чч:мм:сс'),
  }),
  output: z.object({}),
  access: access.signedIn,
});

export const VERBAL_BOOKING_TEXTS = {
  notFound: 'Зачёт не найден',
  closed: 'Урок этого зачёта пока недоступен',
  noOralCredit: 'Устный зачёт не входит в ваш тариф',
  noCurator: 'Куратор устных зачётов ещё не назначен',
  alreadyPassed: 'Зачёт уже сдан',
  slotNotFound: 'Такого времени нет в расписании куратора',
  slotPast: 'Это время уже прошло',
  slotTaken: 'Это время уже заняли, выберите другое',
} as const;

/* The curator's oral-credit times (our extension: the spec shows the student's side only). */

const curatorArea = access.icon('curator');

export const curatorSlotSchema = z.object({
  slotId: z.number().int(),
  date: z.string(),
  time: z.string(),
  /** '' while free. */
  studentName: z.string(),
  zachetNumber: z.number().int().nullable(),
});

/** The caller's upcoming times with who booked them. */
export const listVerbalSlots = http('/app/api/zachets/verbal_slots_list.php', {
  input: noInput,
  output: z.object({ slots: z.array(curatorSlotSchema) }),
  access: curatorArea,
  extension: true,
});

/** Publishes times on one Moscow day; a time already published is left as it is. */
export const addVerbalSlots = http('/app/api/zachets/verbal_slots_add.php', {
  input: z.object({
    date: safeString().regex(/^\d{4}-\d{2}-\d{2}$/, 'ожидалось гггг-мм-дд'),
    times: z.array(safeString().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'ожидалось чч:мм')).min(1, 'не выбрано ни одного времени').max(48, 'не больше 48 времён за раз'),
  }),
  output: z.object({ added: z.number().int() }),
  access: curatorArea,
  extension: true,
});

/** Removes a free time (a booked one stays: the student is told in person first). */
export const deleteVerbalSlot = http('/app/api/zachets/verbal_slots_delete.php', {
  input: z.object({ slotId: intLike.pipe(z.number().int().min(1, 'нет такого времени')) }),
  output: z.object({}),
  access: curatorArea,
  extension: true,
});

export const CURATOR_SLOT_TEXTS = {
  badDate: 'Такой даты нет в календаре',
  past: 'Нельзя добавить время, которое уже прошло',
  notFound: 'Время не найдено',
  booked: 'На это время уже записан ученик: сначала договоритесь с ним о переносе',
} as const;
