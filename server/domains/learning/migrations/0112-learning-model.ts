import { sql, type Kysely } from 'kysely';
import { instant } from '../../../db/migrations/helpers';

/**
 * Issue 38: the learning model. Exam elements of the ФИПИ codifier for обществознание (the school
 * edits them), their links to part 1 and part 2 questions, theory chunks and exam task numbers,
 * mastery per student and element (server/learning/mastery.ts) and the primary → test score
 * table, one row per exam year. The codifier, the task map and the published table are reference
 * data of the exam, not course content, so every install gets them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exam_elements')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('section', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('exam_task_elements')
    .addColumn('task_num', 'integer', (col) => col.notNull())
    .addColumn('element_code', 'text', (col) => col.notNull().references('exam_elements.code').onDelete('cascade'))
    .addPrimaryKeyConstraint('exam_task_elements_pk', ['task_num', 'element_code'])
    .execute();
  await db.schema
    .createTable('question_p1_elements')
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('cascade'))
    .addColumn('element_code', 'text', (col) => col.notNull().references('exam_elements.code').onDelete('cascade'))
    .addPrimaryKeyConstraint('question_p1_elements_pk', ['question_id', 'element_code'])
    .execute();
  await db.schema
    .createTable('question_p2_elements')
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p2.id').onDelete('cascade'))
    .addColumn('element_code', 'text', (col) => col.notNull().references('exam_elements.code').onDelete('cascade'))
    .addPrimaryKeyConstraint('question_p2_elements_pk', ['question_id', 'element_code'])
    .execute();
  // kb_chunks and kb_published_chunks share ids; the link follows the draft chunk.
  await db.schema
    .createTable('kb_chunk_elements')
    .addColumn('chunk_id', 'integer', (col) => col.notNull().references('kb_chunks.id').onDelete('cascade'))
    .addColumn('element_code', 'text', (col) => col.notNull().references('exam_elements.code').onDelete('cascade'))
    .addPrimaryKeyConstraint('kb_chunk_elements_pk', ['chunk_id', 'element_code'])
    .execute();
  await db.schema
    .createTable('learning_mastery')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('element_code', 'text', (col) => col.notNull().references('exam_elements.code').onDelete('cascade'))
    // Recency-weighted evidence as of updated_at: the sum of decayed shares of points won and lost.
    .addColumn('right_weight', 'double precision', (col) => col.notNull())
    .addColumn('wrong_weight', 'double precision', (col) => col.notNull())
    // Scored answers seen, undecayed (what the forecast says it rests on).
    .addColumn('answers', 'integer', (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('learning_mastery_pk', ['user_id', 'element_code'])
    .execute();
  await db.schema
    .createTable('exam_score_scales')
    .addColumn('year', 'integer', (col) => col.primaryKey())
    // JSON list: index = primary score, value = test score.
    .addColumn('scale', 'text', (col) => col.notNull())
    .execute();

  for (const [code, name] of CODIFIER) {
    await sql`insert into exam_elements (code, section, name) values (${code}, ${Number(code.split('.')[0])}, ${name})`.execute(db);
  }
  for (const [task, codes] of TASK_ELEMENTS) {
    const list = codes === 'all' ? CODIFIER.map(([code]) => code) : codes.flatMap(expand);
    for (const code of new Set(list)) await sql`insert into exam_task_elements (task_num, element_code) values (${task}, ${code})`.execute(db);
  }
  await sql`insert into exam_score_scales (year, scale) values (${2025}, ${JSON.stringify(SCALE_2025)})`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

/** '1.*' → every element of section 1; a code stays itself. */
function expand(code: string): string[] {
  if (!code.endsWith('.*')) return [code];
  const section = code.slice(0, -2);
  return CODIFIER.filter(([element]) => element.split('.')[0] === section).map(([element]) => element);
}

/** Elements of content checked by the ЕГЭ in обществознание (ФИПИ codifier, sections 1–5). */
const CODIFIER: ReadonlyArray<readonly [string, string]> = [
  ['1.1', 'Природное и общественное в человеке (человек как результат биологической и социокультурной эволюции)'],
  ['1.2', 'Мировоззрение, его виды и формы'],
  ['1.3', 'Виды знаний'],
  ['1.4', 'Понятие истины, её критерии'],
  ['1.5', 'Мышление и деятельность'],
  ['1.6', 'Потребности и интересы'],
  ['1.7', 'Свобода и необходимость в человеческой деятельности. Свобода и ответственность'],
  ['1.8', 'Системное строение общества: элементы и подсистемы'],
  ['1.9', 'Основные институты общества'],
  ['1.10', 'Понятие культуры. Формы и разновидности культуры'],
  ['1.11', 'Наука. Основные особенности научного мышления. Естественные и социально-гуманитарные науки'],
  ['1.12', 'Образование, его значение для личности и общества'],
  ['1.13', 'Религия'],
  ['1.14', 'Искусство'],
  ['1.15', 'Мораль'],
  ['1.16', 'Понятие общественного прогресса'],
  ['1.17', 'Многовариантность общественного развития (типы обществ)'],
  ['1.18', 'Угрозы XXI века (глобальные проблемы)'],
  ['2.1', 'Экономика, экономическая наука'],
  ['2.2', 'Факторы производства и факторные доходы'],
  ['2.3', 'Экономические системы'],
  ['2.4', 'Рынок и рыночный механизм. Спрос и предложение'],
  ['2.5', 'Постоянные и переменные затраты'],
  ['2.6', 'Финансовые институты. Банковская система'],
  ['2.7', 'Основные источники финансирования бизнеса'],
  ['2.8', 'Ценные бумаги'],
  ['2.9', 'Рынок труда. Безработица'],
  ['2.10', 'Виды, причины и последствия инфляции'],
  ['2.11', 'Экономический рост и развитие. Понятие ВВП'],
  ['2.12', 'Роль государства в экономике'],
  ['2.13', 'Налоги'],
  ['2.14', 'Государственный бюджет'],
  ['2.15', 'Мировая экономика'],
  ['2.16', 'Рациональное экономическое поведение собственника, работника, потребителя, семьянина, гражданина'],
  ['3.1', 'Социальная стратификация и мобильность'],
  ['3.2', 'Социальные группы'],
  ['3.3', 'Молодёжь как социальная группа'],
  ['3.4', 'Этнические общности'],
  ['3.5', 'Межнациональные отношения, этносоциальные конфликты, пути их разрешения'],
  ['3.6', 'Конституционные принципы (основы) национальной политики в Российской Федерации'],
  ['3.7', 'Социальный конфликт'],
  ['3.8', 'Виды социальных норм'],
  ['3.9', 'Социальный контроль'],
  ['3.10', 'Семья и брак'],
  ['3.11', 'Отклоняющееся поведение и его типы'],
  ['3.12', 'Социальная роль'],
  ['3.13', 'Социализация индивида'],
  ['4.1', 'Понятие власти'],
  ['4.2', 'Государство, его функции'],
  ['4.3', 'Политическая система'],
  ['4.4', 'Типология политических режимов'],
  ['4.5', 'Демократия, её основные ценности и признаки'],
  ['4.6', 'Гражданское общество и государство'],
  ['4.7', 'Политическая элита'],
  ['4.8', 'Политические партии и движения'],
  ['4.9', 'Средства массовой информации в политической системе'],
  ['4.10', 'Избирательная кампания в Российской Федерации'],
  ['4.11', 'Политический процесс'],
  ['4.12', 'Политическое участие'],
  ['4.13', 'Политическое лидерство'],
  ['4.14', 'Органы государственной власти Российской Федерации'],
  ['4.15', 'Федеративное устройство Российской Федерации'],
  ['5.1', 'Право в системе социальных норм'],
  ['5.2', 'Система российского права. Законотворческий процесс'],
  ['5.3', 'Понятие и виды юридической ответственности'],
  ['5.4', 'Конституция Российской Федерации. Основы конституционного строя Российской Федерации'],
  ['5.5', 'Законодательство Российской Федерации о выборах'],
  ['5.6', 'Субъекты гражданского права'],
  ['5.7', 'Организационно-правовые формы и правовой режим предпринимательской деятельности'],
  ['5.8', 'Имущественные и неимущественные права'],
  ['5.9', 'Порядок приёма на работу. Порядок заключения и расторжения трудового договора'],
  ['5.10', 'Правовое регулирование отношений супругов. Порядок и условия заключения и расторжения брака'],
  ['5.11', 'Особенности административной юрисдикции'],
  ['5.12', 'Право на благоприятную окружающую среду и способы его защиты'],
  ['5.13', 'Международное право (международная защита прав человека в условиях мирного и военного времени)'],
  ['5.14', 'Споры, порядок их рассмотрения'],
  ['5.15', 'Основные правила и принципы гражданского процесса'],
  ['5.16', 'Особенности уголовного процесса'],
  ['5.17', 'Гражданство Российской Федерации'],
  ['5.18', 'Воинская обязанность, альтернативная гражданская служба'],
  ['5.19', 'Права и обязанности налогоплательщика'],
  ['5.20', 'Правоохранительные органы. Судебная система'],
];

/**
 * Exam task number → the elements it checks, after the exam specification: 1–4 «Человек и
 * общество», 5–7 economics, 8–9 social relations, 10–12 politics, 13–16 law (13 and 14 on the
 * Constitution and the bodies of power), 21 demand and supply; the word task 2 and the text,
 * example, plan and argument tasks of part 2 draw on the whole course ('all'). The school edits
 * the table when the exam changes.
 */
const TASK_ELEMENTS: ReadonlyArray<readonly [number, readonly string[] | 'all']> = [
  [1, ['1.*']],
  [2, 'all'],
  [3, ['1.*']],
  [4, ['1.*']],
  [5, ['2.*']],
  [6, ['2.*']],
  [7, ['2.*']],
  [8, ['3.*']],
  [9, ['3.*']],
  [10, ['4.*']],
  [11, ['4.*']],
  [12, ['4.*']],
  [13, ['5.1', '5.2', '5.4', '5.17']],
  [14, ['4.14', '4.15', '5.2', '5.4']],
  [15, ['5.*']],
  [16, ['5.*']],
  [17, 'all'],
  [18, 'all'],
  [19, 'all'],
  [20, 'all'],
  [21, ['2.4']],
  [22, 'all'],
  [23, ['4.14', '4.15', '5.4']],
  [24, 'all'],
  [25, 'all'],
];

/** Primary → test score, as published by Рособрнадзор for 2025 (58 primary points). */
const SCALE_2025: readonly number[] = [
  0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 45, 47, 48, 49, 51, 52, 53, 55,
  56, 57, 59, 60, 62, 63, 64, 66, 67, 68, 70, 71, 72, 73, 75, 77, 79, 81, 83, 85, 86, 88, 90, 92, 94, 96, 98, 100,
];
