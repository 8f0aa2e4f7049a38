import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { plan, trainP1, trainSigns } from '../../src/shared/contract';
import type { TestClient } from '../helpers/client';
import { screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { makeStudentLike, type MadeUser } from '../helpers/factories';
import { questionAnswers, typeQuestionAnswer } from '../helpers/question-answers';

const PATH = '/study/trains/reviews';

describe('«Повторение»: a mistake comes back as a review in chromium', () => {
  const e2e = useE2e();
  let student: MadeUser;
  let client: TestClient;
  let questionId: number;
  const db = () => e2e.server.server.services.db;

  /** Brings the student's card to its due date (the server's clock is real here: the card's date moves instead). */
  const makeDue = () => db().updateTable('review_cards').set({ due_at: Date.now() - 60_000 }).where('user_id', '=', student.id).execute();

  const open = async (width: number, dark: boolean) => {
    const opened = await e2e.signedIn(student.login, { width, dark });
    await opened.page.addInitScript(() => localStorage.setItem('enot.questionView', 'text'));
    await opened.page.goto(PATH);
    await opened.page.getByRole('heading', { level: 1, name: 'Повторение' }).waitFor();
    return opened;
  };
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    // A fresh student with the demo student's filled profile (so no profile form covers the screen).
    student = await makeStudentLike(e2e.server, 'student');
    client = await student.signIn();
    // A part 1 question answered wrong in training part 1.
    const set = await client.call(trainP1.getQuestionsSet, { testingType: 'random', includeSelfmade: '0', include90Plus: '0', qNums: 1 });
    questionId = set.questions[0]!.q_id;
    await client.call(trainP1.setAnswerSet, { qId: questionId, userAnswer: (await questionAnswers(db(), questionId)).wrong, finishTest: '1' });
  });

  it('shows nothing to review until the card is due, then the question, the verdict and the next date', async () => {
    const card = await db().selectFrom('review_cards').selectAll().where('user_id', '=', student.id).executeTakeFirstOrThrow();
    expect(card.question_id).toBe(questionId);
    const { page, context, errors } = await open(1280, false);
    await page.getByTestId('reviews-empty').waitFor();
    const nextDate = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Number(card.due_at)));
    expect(await page.getByTestId('reviews-empty').textContent()).toContain(`Повторять пока нечего`);
    expect(await page.getByTestId('reviews-empty').textContent()).toContain(`Следующее повторение: ${nextDate}`);
    await screenshot(page, 'reviews-empty-light-1280');

    // The sidebar of the trainings leads here.
    await page.getByRole('link', { name: 'Повторение' }).first().waitFor();

    await makeDue();
    await page.reload();
    await page.getByTestId('reviews-card').waitFor();
    expect(await page.getByText('Карточка 1 из 1').count()).toBe(1);
    const { right, input } = await questionAnswers(db(), questionId);
    await typeQuestionAnswer(page, right, input);
    await page.keyboard.press('Enter');
    const verdict = page.getByTestId('reviews-verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toBe('Верно!');
    expect(await page.getByTestId('reviews-next-date').textContent()).toMatch(/^Следующее повторение: \d\d\.\d\d\.\d{4}$/);
    // The verdict has the focus; Enter goes on, and the session ends with nothing left due.
    await page.keyboard.press('Enter');
    await page.getByTestId('reviews-more').waitFor();
    expect(await db().selectFrom('review_cards').select('reps').where('id', '=', card.id).executeTakeFirstOrThrow()).toEqual({ reps: 2 });
    expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('screenshots in light and dark at 1280 and 390 px: question and verdict', async () => {
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const theme = dark ? 'dark' : 'light';
        await makeDue();
        const { page, context, errors } = await open(width, dark);
        await page.getByTestId('reviews-card').waitFor();
        expect(await fits(page)).toBe(true);
        await screenshot(page, `reviews-question-${theme}-${width}`);
        const { wrong, input } = await questionAnswers(db(), questionId);
        await typeQuestionAnswer(page, wrong, input);
        await page.getByTestId('reviews-check').click();
        await page.getByTestId('reviews-verdict').waitFor();
        expect(await page.getByTestId('reviews-verdict').textContent()).toBe('Неверно');
        expect(await fits(page)).toBe(true);
        await screenshot(page, `reviews-verdict-${theme}-${width}`);
        expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
        await context.close();
      }
    }
  });

  it('brings back a term missed in the signs trainer, answered by ticking its signs', async () => {
    const started = await client.call(trainSigns.getSignsData, { action: 'START', type: 'random' });
    const termin = started.termin!;
    await client.call(trainSigns.sendSignsAnswer, { terminName: termin.terminName, userAnswer: termin.questionAnsColumn1.map(() => 0 as const) });
    const term = await db().selectFrom('sign_terms').select('id').where('name', '=', termin.terminName).executeTakeFirstOrThrow();
    const signs = await db().selectFrom('sign_term_variants').select(['text', 'is_right']).where('sign_term_id', '=', term.id).orderBy('position').execute();
    // Only the term is due (the question card waits for its own date).
    await db().updateTable('review_cards').set({ due_at: Date.now() + 86_400_000 }).where('user_id', '=', student.id).execute();
    await db().updateTable('review_cards').set({ due_at: Date.now() - 60_000 }).where('user_id', '=', student.id).where('sign_term_id', '=', term.id).execute();
    for (const [width, dark] of [[390, false], [1280, true]] as const) {
      const theme = dark ? 'dark' : 'light';
      const { page, context, errors } = await open(width, dark);
      await page.getByRole('heading', { name: termin.terminName }).waitFor();
      for (const sign of signs.filter((row) => row.is_right === 1)) await page.getByRole('checkbox', { name: sign.text, exact: true }).check();
      expect(await fits(page)).toBe(true);
      await screenshot(page, `reviews-term-${theme}-${width}`);
      await page.getByTestId('reviews-check').click();
      expect(await page.getByTestId('reviews-verdict').textContent()).toBe('Верно!');
      expect(await fits(page)).toBe(true);
      await screenshot(page, `reviews-term-verdict-${theme}-${width}`);
      expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
      await context.close();
      await db().updateTable('review_cards').set({ due_at: Date.now() - 60_000 }).where('user_id', '=', student.id).where('sign_term_id', '=', term.id).execute();
    }
  });

  it('keeps the day\'s plan and the due cards on the device for a start without a connection', async () => {
    await client.call(plan.setFirstDay, { goalBall: '80', examDate: '2027-06-01', dailyMinutes: '30' });
    await makeDue();
    const { page, context } = await open(1280, false);
    // Online first: both screens read from the server and keep a copy.
    await page.getByTestId('reviews-card').waitFor();
    const cardsOnline = await page.getByTestId('reviews-card').innerText();
    expect(await page.getByTestId('reviews-saved').count()).toBe(0);
    await page.goto('/study/today');
    await page.getByTestId('today-summary').waitFor();
    const planOnline = await page.locator('.today-plan-card').innerText();
    expect(await page.getByTestId('today-saved').count()).toBe(0);

    // No connection: every call fails, over HTTP and over the live socket alike.
    await page.routeWebSocket(/\/go(\/|\?|$)/, (socket) => socket.close());
    await page.route('**/app/api/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByTestId('today-saved').waitFor();
    expect(await page.getByTestId('today-saved').textContent()).toMatch(/^Нет связи: показан план, сохранённый на этом устройстве \d\d\.\d\d\.\d{4}/);
    expect(await page.locator('.today-plan-card').innerText()).toBe(planOnline);
    await screenshot(page, 'today-offline-light-1280');
    await page.goto(PATH);
    await page.getByTestId('reviews-saved').waitFor();
    expect(await page.getByTestId('reviews-card').innerText()).toBe(cardsOnline);
    await screenshot(page, 'reviews-offline-light-1280');
    await page.unrouteAll();
    await context.close();
  });
});
