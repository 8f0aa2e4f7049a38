import { answerToDisplayed, digitsOf, pointsOfTask, questionJsonSchema, scoreAnswer, type QuestionJson } from '../../../src/shared/domain/questions';
import { DEFAULT_EXAM_PRIMARY_SCORES, questionRowOf } from '../../questions/question-bank';
import type { Db } from '../index';
import { DEMO_QUESTIONS_P1 } from './questions-p1';
import { DEMO_QUESTIONS_P2 } from './questions-p2';

/**
 * The part 1 question bank of the demo course, attached to the homework of each lesson (the
 * first five questions of a lesson make the required part, the rest the additional part; the mock
 * exam takes all of its questions), and the demo students' progress along the road, with every
 * finished part 1 made of real answers scored by the engine.
 */

const DAY = 86_400_000;
const MAIN_PART_SIZE = 5;

interface SeededQuestion {
  id: number;
  question: QuestionJson;
  egeNum: number;
}

/** htNum → isDop → questions in order. */
type Attached = Map<number, Map<0 | 1, SeededQuestion[]>>;

export async function seedQuestionBank(db: Db, now: number): Promise<Attached> {
  const attached: Attached = new Map();
  const byLesson = new Map<number, SeededQuestion[]>();
  for (const item of DEMO_QUESTIONS_P1) {
    const question = questionJsonSchema.parse({ ...item.q, isSelfmade: item.selfmade ? '1' : '0' });
    const row = await db.insertInto('questions_p1').values({ ...questionRowOf(question), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    byLesson.set(item.lessonNum, [...(byLesson.get(item.lessonNum) ?? []), { id: row.id, question, egeNum: item.egeNum }]);
  }
  const homeworks = await db.selectFrom('homeworks').select(['num', 'lesson_num', 'is_probnik']).execute();
  for (const homework of homeworks) {
    const questions = byLesson.get(homework.lesson_num) ?? [];
    const main = homework.is_probnik === 1 ? questions : questions.slice(0, MAIN_PART_SIZE);
    const dop = homework.is_probnik === 1 ? [] : questions.slice(MAIN_PART_SIZE);
    attached.set(homework.num, new Map([[0, main], [1, dop]]));
    for (const [isDop, list] of [[0, main], [1, dop]] as const) {
      for (const [index, question] of list.entries()) {
        await db.insertInto('homework_questions_p1').values({ ht_num: homework.num, is_dop: isDop, q_number: index + 1, question_id: question.id }).execute();
      }
    }
    const max = (list: SeededQuestion[]) => list.reduce((sum, question) => sum + pointsOfTask(DEFAULT_EXAM_PRIMARY_SCORES, question.egeNum), 0);
    await db
      .updateTable('homeworks')
      .set({ p1_count: main.length, p1_max: max(main), dop_p1_count: dop.length, dop_p1_max: max(dop), updated_at: now })
      .where('num', '=', homework.num)
      .execute();
  }
  return attached;
}

/**
 * Part 2 questions of each lesson's homework (all mandatory); the mock exam takes the first
 * question of every lesson. Counts and maxima on the homework rows follow the attached questions.
 */
export async function seedQuestionBankP2(db: Db, now: number): Promise<void> {
  const byLesson = new Map<number, { id: number; maxPoints: number }[]>();
  const chapters = new Map(
    (await db.selectFrom('lessons').innerJoin('chapters', 'chapters.id', 'lessons.chapter_id').select(['lessons.number', 'chapters.name']).execute()).map((row) => [row.number, row.name]),
  );
  for (const item of DEMO_QUESTIONS_P2) {
    const row = await db
      .insertInto('questions_p2')
      .values({
        question: item.question,
        explanation_markdown: item.explanation,
        criteria: item.criteria,
        task_number: item.taskNumber,
        lesson_num: item.lessonNum,
        chapter: chapters.get(item.lessonNum) ?? '',
        max_points: item.maxPoints,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    byLesson.set(item.lessonNum, [...(byLesson.get(item.lessonNum) ?? []), { id: row.id, maxPoints: item.maxPoints }]);
  }
  for (const homework of await db.selectFrom('homeworks').select(['num', 'lesson_num', 'is_probnik']).execute()) {
    const list = homework.is_probnik === 1 ? [...byLesson.values()].map((questions) => questions[0]!) : (byLesson.get(homework.lesson_num) ?? []);
    for (const [index, question] of list.entries()) {
      await db.insertInto('homework_questions_p2').values({ ht_num: homework.num, is_dop: 0, q_number: index + 1, question_id: question.id, is_mandatory: 1 }).execute();
    }
    await db
      .updateTable('homeworks')
      .set({ p2_count: list.length, p2_max: list.reduce((sum, question) => sum + question.maxPoints, 0), dop_p2_count: 0, dop_p2_max: 0, updated_at: now })
      .where('num', '=', homework.num)
      .execute();
  }
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
async function solvePart(db: Db, userId: number, attached: Attached, htNum: number, isDop: 0 | 1, wrong: readonly number[], at: number): Promise<void> {
  const questions = attached.get(htNum)?.get(isDop) ?? [];
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
 * The demo student has finished lesson 1 completely, the required part of lesson 2 (and its
 * credit), and has started lesson 3, so the road opens on lesson 3. Other students are spread
 * around it. Part 2 results are checked scores as a curator would have entered them.
 */
export async function seedCourseProgress(db: Db, now: number, students: ReadonlyMap<string, number>, videoIds: readonly number[], attached: Attached): Promise<void> {
  // A part 2 checked by the curator: the student's answers, points per task adding up to `points`, comments.
  const curatorId = students.get('curator') ?? null;
  const partTwo = async (userId: number, htNum: number, points: number, answers: readonly string[]) => {
    const tasks = await db
      .selectFrom('homework_questions_p2')
      .innerJoin('questions_p2', 'questions_p2.id', 'homework_questions_p2.question_id')
      .select(['homework_questions_p2.q_number', 'questions_p2.id', 'questions_p2.max_points'])
      .where('homework_questions_p2.ht_num', '=', htNum)
      .where('homework_questions_p2.is_dop', '=', 0)
      .orderBy('homework_questions_p2.q_number')
      .execute();
    let left = points;
    for (const [index, task] of tasks.entries()) {
      const earned = Math.min(task.max_points, left);
      left -= earned;
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
    await solvePart(db, student, attached, 1, 0, [3], now - 30 * DAY);
    await partTwo(student, 1, 5, CHECKED_ANSWERS.student[1]);
    await solvePart(db, student, attached, 1, 1, [], now - 29 * DAY);
    await solvePart(db, student, attached, 2, 0, [2, 4], now - 22 * DAY);
    await partTwo(student, 2, 4, CHECKED_ANSWERS.student[2]);
    await started(student, 3);
    await db.insertInto('user_credits_auto').values({ user_id: student, credit_num: 1, status: 'Сдан', attempts: 1, errors: 1, started_at: now - 10 * DAY, finished_at: now - 10 * DAY, updated_at: now - 10 * DAY }).execute();
  }
  const egor = students.get('egor');
  if (egor !== undefined) {
    for (const videoId of videoIds) await watched(egor, videoId);
    for (const htNum of [1, 2, 3, 4]) {
      await solvePart(db, egor, attached, htNum, 0, htNum % 2 === 0 ? [1] : [], now - (35 - htNum * 7) * DAY);
      // Homework 3 part 2 waits for the curator's check (back office §2.4).
      if (htNum === 3) await submitted(egor, 3, HT3_ANSWERS.egor, now - 2 * DAY);
      else await partTwo(egor, htNum, 4, CHECKED_ANSWERS.egor[htNum as 1 | 2 | 4]);
    }
    await db.insertInto('user_credits_auto').values({ user_id: egor, credit_num: 1, status: 'Сдан', attempts: 1, errors: 0, started_at: now - 12 * DAY, finished_at: now - 12 * DAY, updated_at: now - 12 * DAY }).execute();
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
 * gave them): homework 1 (spheres of society; «общество»), 2 (forms of sensory cognition; a plan
 * on truth), 4 (fiscal policy; state regulation and taxes).
 */
const CHECKED_ANSWERS = {
  student: {
    1: [
      '1) Госдума приняла закон о повышении НДС, и магазины подняли цены почти на все товары.\n2) Крупные компании дают деньги на предвыборную кампанию партии, чтобы потом она защищала их интересы в парламенте.\n3) После введения санкций правительство стало выдавать отечественным заводам льготные кредиты, чтобы они заменили импорт.',
      'В широком смысле общество — это часть мира, которая обособилась от природы, но связана с ней, и включает способы взаимодействия людей. В узком смысле — группа людей, например общество любителей книг.\nОбщество как система состоит из сфер, которые связаны между собой.\nОбщество развивается.',
    ],
    2: [
      'Ощущение — например, я дотрагиваюсь до кружки и чувствую, что чай горячий.\nВосприятие — я вижу яблоко целиком: и цвет, и форму, и чувствую запах.',
      '1. Понятие истины\n2. Виды истины:\n  а) абсолютная\n  б) относительная\n3. Критерии истины\n4. Истина и заблуждение',
    ],
  },
  egor: {
    1: [
      'Например, государство снижает налоги для малого бизнеса, и открывается больше кафе и магазинов. Когда сильно растут цены, люди выходят на митинги и требуют отставки правительства. Правительство выделяет деньги из бюджета на строительство дорог, и строительные фирмы получают заказы.',
      'Общество это люди, которые живут вместе и общаются. В узком смысле это например класс в школе. Общество развивается благодаря науке.',
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
