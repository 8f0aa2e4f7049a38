import type { Db } from '../index';
import { sanitizeDescription } from '../../domains/standards/sanitize-description';

const DAY = 24 * 60 * 60 * 1000;

interface DemoStandard {
  name: string;
  process: string;
  link?: string;
  html: string;
  /** Days ago the standard last changed. */
  changedDaysAgo: number;
  /** Who learned it, days ago, and what they wrote. */
  learned: Array<{ login: string; daysAgo: number; comment: string }>;
}

/** The school's working rules for curators, so the standards screen has true content on the demo. */
const DEMO_STANDARDS: DemoStandard[] = [
  {
    name: 'Сроки проверки домашних заданий',
    process: 'Проверка домашних заданий',
    changedDaysAgo: 3,
    html: `<h2>Сроки</h2>
<p>Домашнее задание проверяется <b>не позднее 48 часов</b> после дедлайна ученика. Работы, сданные с опозданием, проверяются в порядке очереди, но не позднее 72 часов после сдачи.</p>
<ul>
<li>Первая часть проверяется автоматически: куратор просматривает ошибки и оставляет комментарий, если ученик ошибся в трёх и более заданиях одной темы.</li>
<li>Вторую часть куратор проверяет вручную по критериям ФИПИ текущего года.</li>
<li>Если проверить в срок не получается, куратор заранее пишет старшему куратору.</li>
</ul>
<p><i>Изменение от этой недели:</i> работы пробника проверяются за 24 часа.</p>`,
    learned: [
      { login: 'admin', daysAgo: 2, comment: 'Пробники теперь за сутки, обычные работы — как раньше, 48 часов.' },
      { login: 'curator', daysAgo: 10, comment: 'Понял: 48 часов после дедлайна, опоздавшие — до 72 часов.' },
    ],
  },
  {
    name: 'Комментарии к заданиям второй части',
    process: 'Проверка домашних заданий',
    link: 'https://fipi.ru/ege/demoversii-specifikacii-kodifikatory',
    changedDaysAgo: 20,
    html: `<p>Каждый снятый балл объясняется комментарием к конкретному фрагменту ответа.</p>
<ol>
<li><b>Зелёный</b> — верный элемент ответа, засчитан.</li>
<li><b>Оранжевый</b> — неточность, балл не снят, но ученику нужно обратить внимание.</li>
<li><b>Красный</b> — ошибка, из-за которой снят балл; в комментарии указываем критерий.</li>
</ol>
<p>Тон комментариев — доброжелательный и конкретный: «Пример не раскрывает признак: нужен субъект и действие», а не «Плохо».</p>`,
    learned: [{ login: 'admin', daysAgo: 15, comment: 'Цвета выделений: зелёный — засчитано, оранжевый — неточность, красный — снят балл с критерием.' }],
  },
  {
    name: 'Ответ ученику в мессенджере',
    process: 'Общение с учениками',
    changedDaysAgo: 30,
    html: `<p>На вопрос ученика в рабочее время (10:00–20:00 по Москве) отвечаем в течение <b>3 часов</b>, вечером и в выходные — до 12:00 следующего дня.</p>
<ul>
<li>Обращаемся на «ты», если ученик сам не просит иначе.</li>
<li>Не пересылаем ответы из других чатов и не обсуждаем других учеников.</li>
<li>Вопрос об оплате передаём в раздел «Вопросы по ДЗ» с типом «Финансы».</li>
</ul>`,
    learned: [
      { login: 'admin', daysAgo: 25, comment: 'Три часа в рабочее время, вечером — до полудня.' },
      { login: 'curator', daysAgo: 24, comment: 'Отвечаю в течение трёх часов, финансовые вопросы передаю через тикет.' },
    ],
  },
  {
    name: 'Разговор с учеником, который пропал',
    process: 'Общение с учениками',
    changedDaysAgo: 6,
    html: `<p>Если ученик не сдал два домашних задания подряд и не отвечает на сообщения три дня:</p>
<ol>
<li>Пишем короткое сообщение без упрёков: спрашиваем, что мешает, и предлагаем помощь с ближайшей темой.</li>
<li>Через два дня без ответа — звоним в рабочее время.</li>
<li>Отмечаем разговор комментарием в анкете ученика (раздел CRM).</li>
</ol>`,
    learned: [],
  },
  {
    name: 'Приём устного зачёта',
    process: 'Устные зачёты',
    changedDaysAgo: 12,
    html: `<p>Зачёт длится не больше 15 минут. Куратор задаёт три вопроса из банка зачёта по пройденной главе и один уточняющий.</p>
<table><thead><tr><th>Результат</th><th>Что делаем</th></tr></thead>
<tbody><tr><td>Зачёт</td><td>Отмечаем в платформе в тот же день</td></tr>
<tr><td>Незачёт</td><td>Называем темы для повторения и назначаем пересдачу не раньше чем через 2 дня</td></tr></tbody></table>`,
    learned: [{ login: 'admin', daysAgo: 11, comment: 'Пересдача не раньше чем через два дня, темы для повторения называем сразу.' }],
  },
  {
    name: 'Напоминание об оплате',
    process: 'Оплаты и финансы',
    changedDaysAgo: 40,
    html: `<p>За три дня до даты оплаты бот присылает напоминание автоматически. Куратор пишет ученику лично только если оплата просрочена больше чем на 5 дней.</p>
<p>Суммы и скидки куратор не обещает: все вопросы о тарифах передаются администратору.</p>`,
    learned: [{ login: 'curator', daysAgo: 35, comment: 'Пишу лично только при просрочке больше пяти дней, про скидки — к администратору.' }],
  },
];

/** Demo standards with learned marks, inside seedDemoUsers' transaction (`ids`: login → user id). */
export async function seedStandards(db: Db, now: number, ids: ReadonlyMap<string, number>): Promise<void> {
  const admin = ids.get('admin') ?? null;
  for (const standard of DEMO_STANDARDS) {
    const changedAt = now - standard.changedDaysAgo * DAY;
    const row = await db
      .insertInto('standards')
      .values({
        name: standard.name,
        process: standard.process,
        link: standard.link ?? '',
        html_description: sanitizeDescription(standard.html),
        updated_at: changedAt,
        created_at: changedAt - 30 * DAY,
        created_by: admin,
        updated_by: admin,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const learned of standard.learned) {
      const userId = ids.get(learned.login);
      if (userId === undefined) continue;
      await db.insertInto('standard_learnings').values({ standard_id: row.id, user_id: userId, learned_at: now - learned.daysAgo * DAY, comment: learned.comment }).execute();
    }
  }
}
