import { describe, expect, it } from 'vitest';
import { credits } from '../../src/shared/contract';
import { CREDIT_TEXTS } from '../../src/shared/contract/credits';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { creditAttemptAnswers, openCreditQuestion, sendCreditAnswer } from '../helpers/credit-page';
import { useE2e } from '../helpers/e2e';

/** Credit 2 covers lessons 3 and 4: open for the demo students, not started, 10 questions from the bank. */
const CREDIT = 2;

/** Issue 29, verbatim. */
const NO_CONNECTION = 'Нет связи — ответ сохранён на устройстве, отправим, когда связь вернётся';

const realErrors = (errors: string[]) => errors.filter((text) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_NETWORK_CHANGED|ERR_FAILED|WebSocket|net::/.test(text));
const ENGLISH = /Failed|fetch|TypeError|NetworkError|ERR_|network|offline/i;

describe('automatic credit answered offline (issue 29 item 2)', () => {
  const e2e = useE2e();
  const db = () => e2e.server.server.services.db;
  const studentId = async () => (await db().selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow()).id;

  const storedAnswer = async (qNum: number) =>
    (await db().selectFrom('credit_auto_answers').select(['user_answer', 'answered_at']).where('user_id', '=', await studentId()).where('credit_num', '=', CREDIT).where('q_num', '=', qNum).orderBy('attempt', 'desc').executeTakeFirst())?.user_answer ?? null;

  it('an answer given offline waits on the device, goes when the connection returns; one refused meanwhile is shown with both answers', async () => {
    const { page, context, errors } = await e2e.openPage({ height: 900 });
    await context.addInitScript(() => localStorage.setItem('enot.questionView', 'text'));
    await signInThroughForm(page, 'student');
    await page.waitForURL(/\/study\/(today|roadmap|lk)/);
    await page.goto(`/study/zachet_auto/${CREDIT}`);
    await page.getByTestId('credit-start').click();
    const answers = await creditAttemptAnswers(db(), await studentId(), CREDIT);

    // Offline: the answer is kept, the question marked «Не отправлено», the next one opens.
    await context.setOffline(true);
    const first = await openCreditQuestion(page);
    await sendCreditAnswer(page, answers.get(first)!.right);
    await expect.poll(() => openCreditQuestion(page)).not.toBe(first);
    expect(await page.getByTestId(`credit-nav-${first}`).getAttribute('data-queued')).toBe('1');
    const note = page.getByTestId('credit-offline');
    expect(await note.innerText()).toContain(NO_CONNECTION);
    expect(await note.innerText()).toContain('Время зачёта идёт и без связи');
    expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);
    await page.getByTestId(`credit-nav-${first}`).click();
    expect(await page.getByTestId('credit-queued').innerText()).toContain('Не отправлено');
    expect(await storedAnswer(first)).toBe('');
    await screenshot(page, 'credit-offline-queued-light-1280');

    // Back online: sent by itself; the server's state shows it accepted.
    await context.setOffline(false);
    await expect.poll(() => storedAnswer(first), { timeout: 20_000 }).toBe(answers.get(first)!.right);
    await expect.poll(() => page.getByTestId(`credit-nav-${first}`).getAttribute('data-queued')).toBeNull();
    await expect.poll(() => page.getByTestId(`credit-nav-${first}`).getAttribute('data-answered')).toBe('1');

    // Offline again; meanwhile the phone answers the next question differently.
    await context.setOffline(true);
    await page.locator('.credit-nav__item[data-answered="0"]').first().click();
    const second = await openCreditQuestion(page);
    await sendCreditAnswer(page, answers.get(second)!.right);
    await expect.poll(() => page.getByTestId(`credit-nav-${second}`).getAttribute('data-queued')).toBe('1');
    const phone = await e2e.server.signIn('student');
    await phone.call(credits.sendZachetAuto, { zachetNum: CREDIT, questionNum: second, userAnswer: answers.get(second)!.wrong });
    await context.setOffline(false);
    const conflict = page.getByTestId(`credit-conflict-${second}`);
    await conflict.waitFor({ timeout: 20_000 });
    expect(await conflict.getByRole('alert').textContent()).toBe(`Сервер не принял ответ. ${CREDIT_TEXTS.alreadyAnswered}.`);
    expect(await page.getByTestId(`credit-conflict-mine-${second}`).textContent()).toBe(answers.get(second)!.right);
    expect(await page.getByTestId(`credit-conflict-server-${second}`).textContent()).toBe(answers.get(second)!.wrong);
    expect(await storedAnswer(second)).toBe(answers.get(second)!.wrong);
    for (const [dark, width] of [[false, 1280], [true, 390]] as const) {
      await page.evaluate((value) => localStorage.setItem('dark_theme', value ? '1' : '0'), dark);
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await conflict.waitFor();
      await screenshot(page, `credit-offline-conflict-${dark ? 'dark' : 'light'}-${width}`);
    }
    // Seen: it leaves the device.
    await page.getByTestId(`credit-conflict-dismiss-${second}`).click();
    await expect.poll(() => page.getByTestId('credit-conflicts').count()).toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
