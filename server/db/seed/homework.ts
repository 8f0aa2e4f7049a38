import { answerToDisplayed, digitsOf, pointsOfTask, scoreAnswer, type QuestionJson } from '../../../src/shared/domain/questions';
import { DEFAULT_EXAM_PRIMARY_SCORES, questionJsonOf } from '../../questions/question-bank';
import type { Db } from '../index';
import { criteriaByTask, questionCriteria } from '../../questions/p2-criteria';

/**
 * The demo students' progress along the road of the demo course (imported from its package, see
 * demo-course.ts), with every finished part 1 made of real answers to the questions attached to
 * the homework, scored by the engine.
 */

const DAY = 86_400_000;

interface AttachedQuestion {
  id: number;
  question: QuestionJson;
  egeNum: number;
}

/** The part 1 questions a homework part lists, in their order, as the database has them. */
async function attachedQuestions(db: Db, htNum: number, isDop: 0 | 1): Promise<AttachedQuestion[]> {
  const rows = await db
    .selectFrom('homework_questions_p1')
    .innerJoin('questions_p1', 'questions_p1.id', 'homework_questions_p1.question_id')
    .selectAll('questions_p1')
    .where('homework_questions_p1.ht_num', '=', htNum)
    .where('homework_questions_p1.is_dop', '=', isDop)
    .orderBy('homework_questions_p1.q_number')
    .execute();
  return rows.map((row) => ({ id: row.id, question: questionJsonOf(row), egeNum: row.ege_num }));
}

/** A deliberately wrong answer of the same shape: every digit shifted, or a wrong word. */
function wrongAnswer(question: QuestionJson, right: string): string {
  if (question.questionType === 'WORD') return 'ошибка';
  return digitsOf(right)
    .map((digit) => (digit % Math.max(2, question.questionAnsColumn2.length || question.questionAnsColumn1.length)) + 1)
    .join('');
}

/**
 * A finished part 1 for a demo student: right answers except the given question numbers, saved
 * as answers and scored by the engine; the part's points are their sum.
 */
async function solvePart(db: Db, userId: number, htNum: number, isDop: 0 | 1, wrong: readonly number[], at: number): Promise<void> {
  const questions = await attachedQuestions(db, htNum, isDop);
  let total = 0;
  for (const [index, item] of questions.entries()) {
    const qNumber = index + 1;
    const right = answerToDisplayed(item.question, item.question.rightAnswers[0]!);
    const typed = wrong.includes(qNumber) ? wrongAnswer(item.question, right) : right;
    const maxPoints = pointsOfTask(DEFAULT_EXAM_PRIMARY_SCORES, item.egeNum);
    const points = scoreAnswer(item.question, typed, maxPoints);
    total += points;
    await db
      .insertInto('homework_answers_p1')
      .values({ user_id: userId, ht_num: htNum, is_dop: isDop, q_number: qNumber, question_id: item.id, user_answer: typed, points, max_points: maxPoints, answered_at: at })
      .execute();
  }
  await db
    .insertInto('user_homeworks')
    .values({ user_id: userId, ht_num: htNum, is_dop: isDop, status_p1: 'Готово', points_p1: total, p1_q_now: questions.length, p1_q_last: questions.length, p1_started_at: at - 20 * 60_000, p1_finished_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop']).doUpdateSet({ status_p1: 'Готово', points_p1: total, p1_finished_at: at }))
    .execute();
}

/**
 * A passed automatic credit for a demo student, made of real answers as an attempt would leave
 * them: the credit's count of published questions of its lessons, right except the first `wrong`,
 * scored by the engine; its errors counted as the credit counts them. Without answers the credit's
 * result would read «Баллы 0 / 0».
 */
async function passCredit(db: Db, userId: number, creditNum: number, wrong: number, at: number): Promise<void> {
  const credit = await db.selectFrom('credits_auto').select(['lesson_numbers', 'question_count']).where('num', '=', creditNum).executeTakeFirst();
  if (!credit) return;
  const lessons = credit.lesson_numbers.split(',').map((part) => Number(part.trim())).filter((value) => Number.isInteger(value) && value > 0);
  if (lessons.length === 0) return;
  const rows = await db.selectFrom('questions_p1').selectAll().where('is_published', '=', 1).where('lesson_num', 'in', lessons).orderBy('id').limit(credit.question_count).execute();
  let errors = 0;
  for (const [index, row] of rows.entries()) {
    const question = questionJsonOf(row);
    const right = answerToDisplayed(question, question.rightAnswers[0]!);
    const typed = index < wrong ? wrongAnswer(question, right) : right;
    const maxPoints = pointsOfTask(DEFAULT_EXAM_PRIMARY_SCORES, row.ege_num);
    const points = scoreAnswer(question, typed, maxPoints);
    if (points < maxPoints) errors += 1;
    await db
      .insertInto('credit_auto_answers')
      .values({ user_id: userId, credit_num: creditNum, attempt: 1, q_num: index + 1, question_id: row.id, user_answer: typed, points, max_points: maxPoints, answered_at: at })
      .execute();
  }
  await db.insertInto('user_credits_auto').values({ user_id: userId, credit_num: creditNum, status: 'Сдан', attempts: 1, errors, started_at: at - 15 * 60_000, finished_at: at, updated_at: at }).execute();
}

/**
 * The demo student has finished lesson 1 completely, the required part of lesson 2 (and its
 * credit), and has started lesson 3, so the road opens on lesson 3. Other students are spread
 * around it. Part 2 results are checked scores as a curator would have entered them.
 */
export async function seedCourseProgress(db: Db, now: number, students: ReadonlyMap<string, number>): Promise<void> {
  const videoIds = (await db.selectFrom('videos').select('id').orderBy('id').execute()).map((row) => row.id);
  // A part 2 checked by the curator: the student's answers, points per task adding up to `points`, comments.
  const curatorId = students.get('curator') ?? null;
  const partTwo = async (userId: number, htNum: number, points: number, answers: readonly string[]) => {
    const tasks = await db
      .selectFrom('homework_questions_p2')
      .innerJoin('questions_p2', 'questions_p2.id', 'homework_questions_p2.question_id')
      .select(['homework_questions_p2.q_number', 'questions_p2.id', 'questions_p2.max_points', 'questions_p2.task_number'])
      .where('homework_questions_p2.ht_num', '=', htNum)
      .where('homework_questions_p2.is_dop', '=', 0)
      .orderBy('homework_questions_p2.q_number')
      .execute();
    const byTask = await criteriaByTask(db, tasks.map((task) => task.task_number));
    let left = points;
    for (const [index, task] of tasks.entries()) {
      const earned = Math.min(task.max_points, left);
      left -= earned;
      // Scored by the task's ФИПИ criteria, К1 first, as a curator checking by them would.
      let rest = earned;
      const criteriaPoints = Object.fromEntries(
        questionCriteria(byTask, task).map((criterion) => {
          const given = Math.min(criterion.maxBall, rest);
          rest -= given;
          return [String(criterion.num), given];
        }),
      );
      await db
        .insertInto('homework_answers_p2')
        .values({
          user_id: userId,
          ht_num: htNum,
          is_dop: 0,
          q_number: task.q_number,
          question_id: task.id,
          user_answer: answers[index] ?? '',
          is_checked: 1,
          points: earned,
          criteria_points: JSON.stringify(criteriaPoints),
          teacher_comment: earned === task.max_points ? 'Отличный ответ: все элементы раскрыты.' : 'Не хватает конкретики в одном из элементов ответа.',
          saved_at: now - 25 * DAY,
        })
        .execute();
    }
    await db
      .updateTable('user_homeworks')
      .set({ status_p2: 'Проверен', points_p2: points - left, p2_submitted_at: now - 25 * DAY, p2_checked_at: now - 24 * DAY, p2_checker_id: curatorId })
      .where('user_id', '=', userId)
      .where('ht_num', '=', htNum)
      .where('is_dop', '=', 0)
      .execute();
  };
  // A part 2 submitted for checking ('Готово') with the student's own answers, for the curator's queue.
  const submitted = async (userId: number, htNum: number, answers: readonly string[], at: number) => {
    const tasks = await db.selectFrom('homework_questions_p2').select(['q_number', 'question_id']).where('ht_num', '=', htNum).where('is_dop', '=', 0).orderBy('q_number').execute();
    for (const [index, task] of tasks.entries()) {
      await db
        .insertInto('homework_answers_p2')
        .values({ user_id: userId, ht_num: htNum, is_dop: 0, q_number: task.q_number, question_id: task.question_id, user_answer: answers[index] ?? '', saved_at: at })
        .execute();
    }
    await db
      .insertInto('user_homeworks')
      .values({ user_id: userId, ht_num: htNum, is_dop: 0, status_p2: 'Готово', p2_started_at: at - 3_600_000, p2_submitted_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop']).doUpdateSet({ status_p2: 'Готово', p2_started_at: at - 3_600_000, p2_submitted_at: at, updated_at: at }))
      .execute();
  };
  const started = (userId: number, htNum: number) =>
    db.insertInto('user_homeworks').values({ user_id: userId, ht_num: htNum, is_dop: 0, status_p1: 'Выполняется', p1_q_now: 1, p1_q_last: 1, p1_started_at: now - DAY, updated_at: now - DAY }).execute();
  // A watched video was started once: that start is a view.
  const watched = async (userId: number, videoId: number) => {
    await db.insertInto('user_videos').values({ user_id: userId, video_id: videoId, watched: 1, short_mode: 0, started_at: now - 20 * DAY, updated_at: now - 20 * DAY }).execute();
    await db.updateTable('videos').set((eb) => ({ views: eb('views', '+', 1) })).where('id', '=', videoId).execute();
  };

  const student = students.get('student');
  if (student !== undefined) {
    for (const videoId of videoIds) await watched(student, videoId);
    await solvePart(db, student, 1, 0, [3], now - 30 * DAY);
    await partTwo(student, 1, 5, CHECKED_ANSWERS.student[1]);
    await solvePart(db, student, 1, 1, [], now - 29 * DAY);
    await solvePart(db, student, 2, 0, [2, 4], now - 22 * DAY);
    await partTwo(student, 2, 4, CHECKED_ANSWERS.student[2]);
    await started(student, 3);
    await passCredit(db, student, 1, 1, now - 10 * DAY);
  }
  const egor = students.get('egor');
  if (egor !== undefined) {
    for (const videoId of videoIds) await watched(egor, videoId);
    for (const htNum of [1, 2, 3, 4]) {
      await solvePart(db, egor, htNum, 0, htNum % 2 === 0 ? [1] : [], now - (35 - htNum * 7) * DAY);
      // Homework 3 part 2 waits for the curator's check (back office §2.4).
      if (htNum === 3) await submitted(egor, 3, HT3_ANSWERS.egor, now - 2 * DAY);
      else await partTwo(egor, htNum, 4, CHECKED_ANSWERS.egor[htNum as 1 | 2 | 4]);
    }
    await passCredit(db, egor, 1, 0, now - 12 * DAY);
  }
  const sofia = students.get('sofia');
  if (sofia !== undefined && videoIds[0] !== undefined) {
    await watched(sofia, videoIds[0]);
    await started(sofia, 1);
  }
  const sofiaId = students.get('sofia');
  if (sofiaId !== undefined) await submitted(sofiaId, 3, HT3_ANSWERS.sofia, now - DAY);
  const maxim = students.get('maxim');
  if (maxim !== undefined) await submitted(maxim, 3, HT3_ANSWERS.maxim, now - 3 * 3_600_000);
}

/**
 * Checked demo part 2 answers, written as students write them (the points above are what a curator
 * gave them): homework 1 (spheres of society; a task on the type of society), 2 (forms of sensory cognition; a plan
 * on truth), 4 (fiscal policy; state regulation and taxes).
 */
const CHECKED_ANSWERS = {
  student: {
    1: [
      '1) Госдума приняла закон о повышении НДС, и магазины подняли цены почти на все товары.\n2) Крупные компании дают деньги на предвыборную кампанию партии, чтобы потом она защищала их интересы в парламенте.\n3) После введения санкций правительство стало выдавать отечественным заводам льготные кредиты, чтобы они заменили импорт.',
      '1) Постиндустриальное общество, потому что большинство людей работает в сфере услуг.\n2) Главную роль в нём играет сельское хозяйство.\n3) Это экономическая сфера.\n4) Технологии быстро меняются, и надо всё время учиться, чтобы не потерять работу.',
    ],
    2: [
      'Ощущение — например, я дотрагиваюсь до кружки и чувствую, что чай горячий.\nВосприятие — я вижу яблоко целиком: и цвет, и форму, и чувствую запах.',
      '1. Понятие истины\n2. Виды истины:\n  а) абсолютная\n  б) относительная\n3. Критерии истины\n4. Истина и заблуждение',
    ],
  },
  egor: {
    1: [
      'Например, государство снижает налоги для малого бизнеса, и открывается больше кафе и магазинов. Когда сильно растут цены, люди выходят на митинги и требуют отставки правительства. Правительство выделяет деньги из бюджета на строительство дорог, и строительные фирмы получают заказы.',
      'Это информационное общество, потому что там разрабатывают программы. Правительство тратит деньги — это экономика. Учиться надо всю жизнь, потому что так лучше.',
    ],
    2: [
      'Восприятие: когда слушаешь песню, воспринимаешь мелодию целиком, а не отдельные звуки.\nПредставление: я вспоминаю море, на котором был летом, и вижу его образ.',
      '1) Что такое истина\n2) Какая бывает истина\n  а) абсолютная\n  б) относительная\n  в) объективная\n3) Как проверить истину\n  а) практика\n  б) логика',
    ],
    4: [
      '1) Правительство повышает налог на доходы для людей с большими зарплатами, и у них остаётся меньше денег на покупки.\n2) Государство откладывает строительство новых стадионов и сокращает расходы бюджета.\n3) Бюджет принимают без дефицита, и государству не нужно занимать деньги.',
      'Государство должно регулировать экономику, потому что рынок сам всё не решит. Функции налогов: фискальная, регулирующая. Например, налог на сигареты повышают, чтобы люди меньше курили.',
    ],
  },
} as const;

/** Demo part 2 answers to homework 3 (competition; factors of demand), of uneven quality. */
const HT3_ANSWERS = {
  egor: [
    '1) Конкуренция заставляет продавцов снижать цены, чтобы привлечь покупателя: например, сотовые операторы снижают тарифы.\n2) Производители улучшают качество товаров, иначе покупатель уйдёт к другим.\n3) Конкуренция расширяет ассортимент: в магазинах появляются новые товары.',
    'Доходы потребителей: при росте зарплаты люди чаще покупают бытовую технику. Цены на товары-заменители: если подорожал чай, растёт спрос на кофе. Ожидания: перед повышением цен люди скупают сахар.',
  ],
  sofia: [
    'Конкуренция выгодна потребителю, потому что цены становятся ниже. Также фирмы стараются делать товары лучше.',
    'На спрос влияют мода и реклама, например все покупают кроссовки известной марки. Ещё влияет погода.',
  ],
  maxim: [
    'Первый аргумент: фирмы внедряют новые технологии, чтобы обогнать соперников, и покупатель получает более современные товары (смартфоны каждый год лучше). Второй: снижение издержек ведёт к снижению цен. Третий: растёт качество обслуживания — банки соревнуются удобством приложений.',
    'Фактор 1 — доходы: студент, получивший стипендию, покупает больше книг. Фактор 2 — цены дополняющих товаров: подорожание бензина снижает спрос на автомобили. Фактор 3 — число покупателей: в курортный город летом приезжают туристы, растёт спрос на жильё.',
  ],
};
