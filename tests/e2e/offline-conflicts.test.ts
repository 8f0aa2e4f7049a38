import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { credits, trainP1 } from '../../src/shared/contract';
import { CREDIT_TEXTS } from '../../src/shared/contract/credits';
import { makeStudentLike } from '../helpers/factories';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { creditAttemptAnswers, openCreditQuestion, sendCreditAnswer } from '../helpers/credit-page';
import { useE2e } from '../helpers/e2e';
import { questionAnswers, typeQuestionAnswer } from '../helpers/question-answers';

/** Credit 2 covers lessons 3 and 4: open for the demo students, not started, 10 questions from the bank. */
const CREDIT = 2;

const realErrors = (errors: string[]) => errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_NETWORK_CHANGED|ERR_FAILED|WebSocket|net::/.test(text));
const ENGLISH = /Failed|fetch|TypeError|NetworkError|ERR_|network|offline|undefined|null|\{"/i;

/**
 * The server out of reach while the page stays up: every call fails, over HTTP and over the live
 * socket (calls travel over both). The browser still says it is online, as on a captive network.
 */
async function serverUnreachable(page: Page): Promise<(reachable: boolean) => Promise<void>> {
  let reachable = false;
  await page.route('**/app/api/**', (route) => (reachable ? route.fallback() : route.abort('internetdisconnected')));
  await page.routeWebSocket(/\/go(\/|\?|$)/, (socket) => (reachable ? socket.connectToServer() : socket.close()));
  return async (next) => {
    reachable = next;
  };
}

describe('queued changes, app-wide: «Не отправлено / Конфликт»', () => {
  const e2e = useE2e();
  const db = () => e2e.server.server.services.db;
  const studentId = async () => (await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow()).id;

  it('a change refused after it waited offline shows in the list from another page and is settled on its own screen', async () => {
    const { page, errors } = await e2e.openPage({ height: 900 });
    await page.addInitScript(() => localStorage.setItem('enot.questionView', 'text'));
    await signInThroughForm(page, 'student');
    await page.waitForURL(/\/study\/(today|roadmap|lk)/);
    await page.goto(`/study/zachet_auto/${CREDIT}`);
    await page.getByTestId('credit-start').click();
    const answers = await creditAttemptAnswers(db(), await studentId(), CREDIT);
    const question = await openCreditQuestion(page);
    const badge = page.getByTestId('outbox-badge');
    expect(await badge.count()).toBe(0);

    // Without the server: the answer waits on the device and the header says so, on any page.
    const setReachable = await serverUnreachable(page);
    await sendCreditAnswer(page, answers.get(question)!.right);
    await expect.poll(() => page.getByTestId(`credit-nav-${question}`).getAttribute('data-queued')).toBe('1');
    await expect.poll(() => badge.getAttribute('aria-label')).toBe('Не отправлено: 1');
    // Meanwhile the phone answers the same question otherwise.
    const phone = await e2e.server.signIn('student');
    await phone.call(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: question, userAnswer: answers.get(question)!.wrong });

    await page.locator('.shell__nav-link[data-flag="lk"]').click();
    await page.waitForURL(/\/study\/(lk|calendar|poleznoe|finances|ratings|nearby_people|settings)/);
    await badge.click();
    await page.waitForURL(/\/study\/outbox$/);
    const pending = page.getByTestId('outbox-pending');
    await pending.getByRole('heading', { name: `Зачёт №${CREDIT}, вопрос ${question}` }).waitFor();
    expect(await pending.innerText()).toContain('Отправится само, когда будет связь');

    // The server is back: «Отправить сейчас» sends it; the server refuses, the list shows why and what to do.
    await setReachable(true);
    await pending.getByRole('button', { name: 'Отправить сейчас' }).click();
    const conflicts = page.getByTestId('outbox-conflicts');
    await conflicts.waitFor({ timeout: 20_000 });
    expect(await conflicts.getByRole('alert').textContent()).toBe(`Сервер не принял: ${CREDIT_TEXTS.alreadyAnswered.replace(/[.!]+$/, '')}`);
    expect(await conflicts.innerText()).toContain('Откройте зачёт');
    await expect.poll(() => badge.getAttribute('aria-label')).toBe('Конфликтов: 1');
    expect(await page.getByTestId('outbox-pending').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);
    for (const [dark, width] of [[false, 1280], [true, 390]] as const) {
      await page.evaluate((value) => localStorage.setItem('dark_theme', value ? '1' : '0'), dark);
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await conflicts.waitFor();
      await badge.waitFor();
      // Nothing sticks out of a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `offline-conflicts-${dark ? 'dark' : 'light'}-${width}`);
    }

    // «Открыть и решить»: the credit's own conflict view; seen there, it leaves the device and the badge goes.
    await conflicts.getByRole('link', { name: 'Открыть и решить' }).click();
    await page.waitForURL(new RegExp(`/study/zachet_auto/${CREDIT}$`));
    await page.getByTestId(`credit-conflict-${question}`).waitFor();
    await page.getByTestId(`credit-conflict-dismiss-${question}`).click();
    await expect.poll(() => page.getByTestId('credit-conflicts').count()).toBe(0);
    await expect.poll(() => badge.count()).toBe(0);
    await page.goto('/study/outbox');
    await page.getByText('Всё отправлено: на этом устройстве ничего не ждёт.').waitFor();
    expect(realErrors(errors)).toEqual([]);
  });

  it('a review answer given without the server waits with its op id and is sent from the list once the server is back', async () => {
    // A fresh student with one part 1 mistake, its review card due now.
    const student = await makeStudentLike(e2e.server, 'student');
    const client = await student.signIn();
    const set = await client.call(trainP1.getQuestionsSet, { testingType: 'random', includeSelfmade: '0', include90Plus: '0', qNums: 1 });
    const questionId = set.questions[0]!.q_id;
    const { right, wrong, input } = await questionAnswers(db(), questionId);
    await client.call(trainP1.setAnswerSet, { qId: questionId, userAnswer: wrong, finishTest: '1' });
    await db().updateTable('review_cards').set({ due_at: Date.now() - 60_000 }).where('user_id', '=', student.id).execute();
    const reps = async () => (await db().selectFrom('review_cards').select('reps').where('user_id', '=', student.id).executeTakeFirstOrThrow()).reps;
    const before = await reps();

    const { page, errors } = await e2e.signedIn(student.login, { width: 390 });
    await page.addInitScript(() => localStorage.setItem('enot.questionView', 'text'));
    await page.goto('/study/trains/reviews');
    await page.getByTestId('reviews-card').waitFor();
    const setReachable = await serverUnreachable(page);
    await typeQuestionAnswer(page, right, input);
    await page.getByTestId('reviews-check').click();
    expect(await page.getByTestId('reviews-queued').textContent()).toBe('Нет связи — ответ сохранён на устройстве, отправим, когда связь вернётся');
    const badge = page.getByTestId('outbox-badge');
    await expect.poll(() => badge.getAttribute('aria-label')).toBe('Не отправлено: 1');
    await badge.click();
    const pending = page.getByTestId('outbox-pending');
    await pending.getByRole('heading', { name: /^Повторение: Задание \d+$/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await reps()).toBe(before);

    await setReachable(true);
    await pending.getByRole('button', { name: 'Отправить сейчас' }).click();
    await page.getByText('Всё отправлено: на этом устройстве ничего не ждёт.').waitFor({ timeout: 20_000 });
    await expect.poll(() => badge.count()).toBe(0);
    expect(await reps()).toBe(before + 1);
    expect(realErrors(errors)).toEqual([]);
  });
});
