import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crm, questionBankAdmin, questionBankP2 } from '../../src/shared/contract';
import { COURSE_EDITOR_TEXTS } from '../../src/shared/contract/course-editor';
import { adminCommand, printedOneTimePassword } from '../helpers/admin-command';
import { E2E_WEB_DIST, launchBrowser, openPage, settledScreenshot, signInThroughForm } from '../helpers/browser';
import { startTestServer, withSearchPath, type TestServer } from '../helpers/server';

/** A public installation with the default seed policy: no demo course, no demo accounts. */
const PUBLIC = { PUBLIC_URL: 'https://school.example', DEMO_SEED: '', WEB_DIST: E2E_WEB_DIST };
const OWN_PASSWORD = 'Директор школы 1';
const STUDENT_PASSWORD = 'Ученица Вера 1';
const CHAPTER = 'Человек и общество';
const LESSONS = ['Природа человека', 'Общество как система'];
/** Where a person looks at the editor's screenshots (outside the repository), when set. */
const SHOTS = process.env.COURSE_EDITOR_SHOTS;

/** Social-studies part 1 questions of ЕГЭ task 1 (codifier 1.1, 1.2): «выберите верные суждения». */
const P1_QUESTIONS = [
  {
    questionText: 'Выберите верные суждения о природе человека и запишите цифры, под которыми они указаны.',
    questionAnsColumn1: [
      'Человек — существо биосоциальное: в нём сочетаются природное и общественное начала.',
      'Биологические потребности человека не зависят от общества, в котором он живёт.',
      'Мышление и речь формируются у человека только в общении с другими людьми.',
      'Инстинкты полностью определяют поведение человека в обществе.',
      'Социальная сущность человека проявляется в его способности к труду и общению.',
    ],
    rightAnswers: ['135'],
  },
  {
    questionText: 'Выберите верные суждения о деятельности человека и запишите цифры, под которыми они указаны.',
    questionAnsColumn1: [
      'Деятельность человека носит осознанный и целенаправленный характер.',
      'Поведение животных, в отличие от деятельности человека, преобразует природу целенаправленно.',
      'Структуру деятельности составляют субъект, объект, мотив, цель, средства, процесс и результат.',
      'Мотив деятельности всегда совпадает с её результатом.',
      'Творческая деятельность приводит к созданию качественно нового.',
    ],
    rightAnswers: ['135'],
  },
];

/** A part 2 task of ЕГЭ task 19 (codifier 3.1: society as a system). */
const P2_TASK = {
  qQuestion: 'Приведите три примера, иллюстрирующих взаимосвязь сфер общественной жизни. Каждый пример должен быть сформулирован развёрнуто.',
  qTaskNumber: 19,
  qMaxBall: 3,
  qCriteria: '3 балла — приведены три примера; 2 балла — два примера; 1 балл — один пример; 0 баллов — иначе.',
  qMarkDownPoyasn: '',
  qPublic: '1' as const,
  is90Plus: '0' as const,
};

const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * Issue 36 «Done when»: on a public installation with no demo, the admin builds a chapter with two
 * lessons, a homework (part 1 from the bank, part 2 with one task) and an automatic credit through
 * the editor and publishes; a student sees both lessons on the road, answers the homework, and the
 * curator's checking queue shows the work. The bank is filled with the bank editors' own calls.
 */
describe(`the course editor on a public installation (${dialect}) in chromium`, () => {
  let server: TestServer;
  let browser: Browser;
  let adminPage: Page;
  let homeworkNum = 0;

  /** The database as `npm run admin` reaches it (PostgreSQL: the test's own schema). */
  const adminDatabaseUrl = () => (server.database.searchPath ? withSearchPath(server.database.url, server.database.searchPath) : server.database.url);

  /** `npm run admin -- create`, then the first sign-in that trades the one-time password for an own one. */
  async function createAccount(page: Page, login: string, password: string, name: string): Promise<void> {
    const created = await adminCommand(adminDatabaseUrl(), ['create', login]);
    expect(created.stderr).toBe('');
    await signInThroughForm(page, login, printedOneTimePassword(created.stdout));
    await page.getByRole('heading', { name: 'Придумайте свой пароль', level: 1 }).waitFor();
    await page.getByLabel('Новый пароль', { exact: true }).fill(password);
    await page.getByLabel('Повторите пароль', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Сохранить и войти' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await fillProfile(page, name);
  }

  /** A new account is asked for its name first (the profile popup, shell §6). */
  async function fillProfile(page: Page, name: string): Promise<void> {
    const popup = page.getByRole('dialog', { name: 'Заполни данные профиля' });
    await popup.waitFor();
    await popup.getByLabel('Имя').fill(name);
    await popup.getByRole('button', { name: 'Сохранить' }).click();
    await popup.waitFor({ state: 'hidden' });
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: PUBLIC });
    browser = await launchBrowser();
    adminPage = (await openPage(browser, server.url)).page;
    await createAccount(adminPage, 'director', OWN_PASSWORD, 'Ирина');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('starts empty and builds a chapter with two lessons through the editor', async () => {
    const page = adminPage;
    await page.goto('/study/curator/homeworks');
    // The side navigation carries «Курс» for the admin and leads to the editor.
    await page.locator('.side-nav__link', { hasText: 'Курс' }).click();
    await page.waitForURL(/\/study\/curator\/course$/);
    await page.getByText('В курсе пока нет разделов').waitFor();

    await page.getByRole('button', { name: 'Добавить раздел' }).first().click();
    await page.getByRole('dialog').getByLabel('Название раздела').fill(CHAPTER);
    await page.getByRole('dialog').getByRole('button', { name: 'Создать' }).click();
    await page.getByRole('heading', { level: 2, name: CHAPTER }).waitFor();

    for (const [index, name] of LESSONS.entries()) {
      await page.getByRole('button', { name: 'Добавить урок' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Название урока').fill(name);
      await dialog.getByRole('button', { name: 'Создать черновик' }).click();
      await page.getByRole('heading', { level: 1, name: `Урок ${index + 1}. ${name}` }).waitFor();
      await page.getByRole('link', { name: 'Ко всему курсу' }).click();
      await page.getByRole('link', { name }).waitFor();
    }
    expect(await page.locator('.ce-lesson').count()).toBe(2);
    expect(await page.locator('.ce-lesson .ce-badge').allTextContents()).toEqual(['Черновик', 'Черновик']);

    // Keyboard reorder: Alt+↓ on the first lesson's row sends the whole order; then back with «Выше».
    await page.locator('.ce-lesson[data-lesson="1"] a').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => page.locator('.ce-lesson').first().getAttribute('data-lesson')).toBe('2');
    await expect.poll(async () => (await server.server.services.db.selectFrom('lessons').select(['number', 'position']).orderBy('position').execute()).map((row) => row.number)).toEqual([2, 1]);
    await page.getByRole('button', { name: 'Урок 1 выше' }).click();
    await expect.poll(() => page.locator('.ce-lesson').first().getAttribute('data-lesson')).toBe('1');
    // And by drag: lesson 2 dropped on lesson 1 takes its place.
    await page.locator('.ce-lesson[data-lesson="2"]').dragTo(page.locator('.ce-lesson[data-lesson="1"]'));
    await expect.poll(async () => (await server.server.services.db.selectFrom('lessons').select(['number', 'position']).orderBy('position').execute()).map((row) => row.number)).toEqual([2, 1]);
    await page.locator('.ce-lesson[data-lesson="1"]').dragTo(page.locator('.ce-lesson[data-lesson="2"]'));
    await expect.poll(async () => (await server.server.services.db.selectFrom('lessons').select(['number', 'position']).orderBy('position').execute()).map((row) => row.number)).toEqual([1, 2]);
  });

  it('fills the bank with the bank editors\' calls for the new lessons', async () => {
    const director = await server.anonymous.signIn('director', OWN_PASSWORD);
    for (const question of P1_QUESTIONS) {
      await director.call(questionBankAdmin.createQuestion, {
        question: { ...question, questionType: 'VARIANTS', qEgeNum: 1, qLessonNum: 1, qChapter: CHAPTER, isPublished: '1' },
      });
    }
    const socket = await director.openLive();
    try {
      await socket.request(questionBankP2.createQuestion, { question: { ...P2_TASK, qLessonNumber: 1, qChapter: CHAPTER } });
    } finally {
      socket.close();
    }
  });

  it('adds a homework (part 1 from the bank, part 2 with one task) and an automatic credit, then publishes both lessons', async () => {
    const page = adminPage;
    await page.goto('/study/curator/course/1');
    await page.getByRole('heading', { level: 1, name: `Урок 1. ${LESSONS[0]}` }).waitFor();

    // The lesson's own fields: a description and a material, shown on the student's card.
    await page.getByLabel('Описание').fill('**Человек** — биосоциальное существо: природное и общественное в нём неразделимы.');
    await page.getByRole('button', { name: 'Добавить материал' }).click();
    await page.getByLabel('Название материала').fill('Кодификатор ЕГЭ по обществознанию');
    await page.getByLabel('Ссылка (https://… или /…)').fill('https://fipi.ru/ege/demoversii-specifikacii-kodifikatory');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.getByText('Урок сохранён').waitFor();

    await page.getByRole('button', { name: 'Добавить домашнее задание' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
    await dialog.getByRole('tab', { name: 'Часть 1', exact: true }).waitFor();
    homeworkNum = (await server.server.services.db.selectFrom('homeworks').select('num').executeTakeFirstOrThrow()).num;
    await dialog.getByRole('heading', { name: `ДЗ №${homeworkNum}` }).waitFor();

    // Part 1: «задание №1 × 2», the bank's available count shown in the choice.
    await dialog.getByRole('button', { name: 'Добавить задание', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'задание №' }).click();
    await page.getByRole('option', { name: /Задание №1 — в банке 2/ }).click();
    await dialog.getByLabel('Сколько').fill('2');
    await dialog.getByRole('button', { name: 'Сохранить часть' }).click();
    await dialog.getByText('Сейчас: 2 вопроса').waitFor();

    // Part 2: one bank task, mandatory.
    await dialog.getByRole('tab', { name: 'Часть 2', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Добавить задание из банка' }).click();
    await page.getByRole('option', { name: /№19 · урок 1/ }).click();
    await dialog.getByRole('button', { name: 'Сохранить часть' }).click();
    await dialog.getByText('Сейчас: 1 вопрос, 3 балла').waitFor();
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await page.getByText('часть 1: 2 · часть 2: 1').waitFor();

    await page.getByRole('button', { name: 'Добавить автоматический зачёт' }).click();
    const credit = page.getByRole('dialog');
    await credit.getByLabel('Вопросов').fill('2');
    await credit.getByLabel('Минут на попытку').fill('15');
    await credit.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText(/уроки 1 · 2 вопр\. · 15 мин/).waitFor();

    await page.getByRole('link', { name: 'Ко всему курсу' }).click();
    for (const number of [1, 2]) {
      await page.getByRole('switch', { name: `Урок ${number} опубликован` }).click();
      await expect.poll(() => page.getByRole('switch', { name: `Урок ${number} опубликован` }).getAttribute('aria-checked')).toBe('true');
    }
    await expect.poll(async () => (await server.server.services.db.selectFrom('lessons').select('is_published').execute()).map((row) => Number(row.is_published))).toEqual([1, 1]);
  });

  it('shows the server\'s refusals as they come: a chapter with lessons, a new intake of a course without dates', async () => {
    const page = adminPage;
    await page.goto('/study/curator/course');
    await page.getByRole('button', { name: 'Удалить раздел' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Удалить раздел' }).click();
    await confirm.getByText(COURSE_EDITOR_TEXTS.chapterNotEmpty).waitFor();
    await confirm.getByRole('button', { name: 'Отмена' }).click();
    expect(await server.server.services.db.selectFrom('chapters').select('id').execute()).toHaveLength(1);

    await page.getByRole('button', { name: 'Новый поток' }).click();
    const intake = page.getByRole('dialog', { name: 'Новый поток' });
    await intake.getByRole('button', { name: 'Показать изменения' }).click();
    await intake.getByText(COURSE_EDITOR_TEXTS.intakeNothing).waitFor();
    await intake.getByRole('button', { name: 'Отменить' }).click();
  });

  it('lets a student made in the back office see both lessons, answer the homework, and puts the work in the checking queue', async () => {
    const { page, context } = await openPage(browser, server.url);
    // No back-office screen makes accounts: `npm run admin` makes one, and the school fills its card
    // in the back office (the type «Ученик» and what a student's profile must hold).
    await createAccount(page, 'vera', STUDENT_PASSWORD, 'Вера');
    const director = await server.anonymous.signIn('director', OWN_PASSWORD);
    const vera = await server.server.services.db.selectFrom('users').select('id').where('login', '=', 'vera').executeTakeFirstOrThrow();
    await director.call(crm.updateUser, { userVkId: `id${vera.id}`, userSet: {
        userType: 'Ученик',
        userSurname: 'Соколова',
        userBdate: '2009-03-14',
        userClassNumber: '11',
        userTel: '79161234567',
        userEmail: 'vera@school.example',
        userRegion: '77',
      },
    });

    await page.goto('/study/roadmap');
    for (const number of [1, 2]) await page.locator(`.road-node[data-lesson="${number}"]`).waitFor();
    await page.locator('.road-node[data-lesson="1"] .road-node__button').click();
    const card = page.getByRole('dialog');
    await card.getByText(`Домашнее задание ${homeworkNum}`).waitFor();
    // The description (Markdown) and the material, an outside link opening in a new tab.
    expect(await card.locator('.lesson-pop__description strong').textContent()).toBe('Человек');
    const material = card.getByRole('link', { name: 'Кодификатор ЕГЭ по обществознанию' });
    expect(await material.getAttribute('target')).toBe('_blank');
    expect(await material.getAttribute('rel')).toContain('noopener');

    await page.goto(`/study/ht_p2?dz_num=${homeworkNum}&dop=0`);
    await page.getByTestId('p2-answer-1').fill('Рост доходов граждан (экономика) повышает их политическую активность; реформа образования (духовная сфера) меняет рынок труда; закон о семье (политика) влияет на социальную сферу.');
    await page.getByTestId('p2-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('p2-readonly').waitFor();
    await context.close();

    await adminPage.goto('/study/curator/homeworks');
    await adminPage.getByTestId(`queue-${homeworkNum}`).waitFor();
    expect(await adminPage.getByTestId(`queue-${homeworkNum}`).getByTestId('queue-count').textContent()).toBe('1 работа');
  });

  it('downloads the course as a package and refuses to replace it while a student has answers', async () => {
    const page = adminPage;
    await page.goto('/study/curator/course');
    const packages = page.locator('.ce-packages');
    const [download] = await Promise.all([page.waitForEvent('download'), packages.getByRole('button', { name: 'Скачать пакет курса' }).click()]);
    const zip = await download.path();
    const entries = unzipSync(new Uint8Array(readFileSync(zip)));
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as { schemaVersion: number; lessons: Array<{ name: string }>; homeworks: unknown[]; creditsAuto: unknown[] };
    expect(manifest.schemaVersion).toBe(1);
    expect(manifest.lessons.map((lesson) => lesson.name).sort()).toEqual([...LESSONS].sort());
    expect(manifest.homeworks).toHaveLength(1);
    expect(manifest.creditsAuto).toHaveLength(1);

    // The same archive back with «Заменить текущий курс»: refused (Vera has answered), nothing changed.
    const lessonsBefore = await server.server.services.db.selectFrom('lessons').select(['number', 'short_name']).orderBy('number').execute();
    await packages.locator('input[type="file"]').setInputFiles(zip);
    await packages.getByText('Заменить текущий курс').click();
    await packages.getByRole('button', { name: 'Загрузить пакет курса' }).click();
    await packages.getByText(/^Курс нельзя заменить: у 1 ученика уже есть ответы или прогресс по нему/).waitFor();
    expect(await server.server.services.db.selectFrom('lessons').select(['number', 'short_name']).orderBy('number').execute()).toEqual(lessonsBefore);
  });

  it('shows the editor, a lesson, the homework dialog and the preview within the width, light and dark, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const { page, context, errors } = await openPage(browser, server.url, { width, height: width === 390 ? 844 : 800 });
        await context.addInitScript((on) => localStorage.setItem('dark_theme', on ? '1' : '0'), dark);
        await signInThroughForm(page, 'director', OWN_PASSWORD);
        await page.waitForURL((url) => !url.pathname.endsWith('/login'));
        const name = (screen: string) => `course-editor-${screen}-${width}-${dark ? 'dark' : 'light'}`;
        const shot = async (screen: string) => {
          const path = await settledScreenshot(page, name(screen));
          if (SHOTS) {
            mkdirSync(SHOTS, { recursive: true });
            copyFileSync(path, join(SHOTS, `${name(screen)}.png`));
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        };

        await page.goto('/study/curator/course');
        await page.getByRole('heading', { level: 2, name: CHAPTER }).waitFor();
        await shot('list');

        await page.goto('/study/curator/course/1');
        await page.getByRole('heading', { level: 1, name: `Урок 1. ${LESSONS[0]}` }).waitFor();
        await page.getByText('ответы у 1 ученика').first().waitFor();
        await shot('lesson');

        await page.getByRole('button', { name: `Изменить: ДЗ №${homeworkNum}` }).click();
        await page.getByRole('dialog').getByText('Изменения действуют для новых попыток').waitFor();
        await shot('homework');
        await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).last().click();

        await page.getByRole('button', { name: 'Посмотреть как ученик' }).click();
        await page.getByRole('dialog').locator('.lesson-pop__sections').waitFor();
        await shot('preview-card');
        await page.getByRole('dialog').getByRole('button', { name: 'К дороге уроков' }).click();
        await page.getByRole('dialog').locator('.road-node[data-lesson="2"]').waitFor();
        await shot('preview-road');
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
