import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { questionBankAdmin, trainP1 } from '../../src/shared/contract';
import type { TestClient } from '../helpers/client';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { questionAnswers, typeQuestionAnswer } from '../helpers/question-answers';

const PATH = '/study/trains/trains_p1';

async function openTraining(page: Page, login: string, dark = false): Promise<void> {
  await page.goto('/study/login');
  await page.evaluate((dark) => {
    localStorage.setItem('enot.questionView', 'text');
    localStorage.setItem('dark_theme', dark ? '1' : '0');
  }, dark);
  await signInThroughForm(page, login);
  await page.waitForURL(/\/study\/(today|roadmap|lk)$/);
  await page.goto(PATH);
  await page.getByRole('heading', { level: 1, name: 'Тренировка 1 части' }).waitFor();
}

const signed = (value: string) => `${Number(value) >= 0 ? '+' : '-'}${Math.abs(Number(value)).toFixed(1)}`;
const tone = (value: string) => (Number(value) === 0 ? 'zero' : Number(value) > 0 ? 'up' : 'down');

describe('training part 1 in chromium', () => {
  let student: TestClient;
  const db = () => e2e.server.server.services.db;

  const e2e = useE2e();
  beforeAll(async () => {
    student = await e2e.server.signIn('student');
  });


  const solveInBrowser = async (page: Page, wrongAt: number[]) => {
    const set = await student.call(trainP1.getTrainP1Info, {});
    expect(set.status).toBe('Выполняется');
    for (const [index, item] of set.questions.entries()) {
      await page.getByText(`Вопрос ${index + 1} из ${set.questions.length}`).waitFor();
      const { right, wrong, input } = await questionAnswers(db(), item.q_id);
      await typeQuestionAnswer(page, wrongAt.includes(index) ? wrong : right, input);
      const button = page.getByTestId('trp1-answer');
      expect(await button.textContent()).toBe(index === set.questions.length - 1 ? 'Завершить тест' : 'Ответить');
      if (index === 0) await screenshot(page, 'train-p1-decide-first-light-1280');
      await button.click();
    }
    return set;
  };

  it('runs a 5-question chapter test, shows signed coloured rating changes and takes it again', async () => {
    const { page, context, errors } = await e2e.openPage();
    await openTraining(page, 'student');
    await page.getByTestId('trp1-stats').waitFor();
    expect(await page.getByTestId('trp1-stats').textContent()).toContain('Рейтинг за месяц+0.0');
    // The default count is 10; the choice is remembered locally.
    expect(await page.getByTestId('trp1-count-10').locator('input').isChecked()).toBe(true);
    expect(await page.getByTestId('trp1-start').isDisabled()).toBe(false);
    await page.getByTestId('trp1-kind-chapter').click();
    expect(await page.getByTestId('trp1-start').isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Раздел' }).click();
    // Chapters of closed lessons are not offered.
    expect(await page.getByRole('option', { name: 'Право' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Экономика' }).click();
    await page.getByTestId('trp1-count-5').click();
    await screenshot(page, 'train-p1-choice-chapter-light-1280');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('enot.trainP1Choice'))) ?? '{}')).toMatchObject({ kind: 'chapter', values: { chapter: 'Экономика' }, qNums: 5 });
    await page.getByTestId('trp1-start').click();

    await page.getByText('Вопрос 1 из 5').waitFor();
    // A reload resumes the same training.
    await page.reload();
    await page.getByText('Вопрос 1 из 5').waitFor();
    expect(await page.getByTestId('trp1-qrating').textContent()).toBe('Ваш рейтинг по вопросу: +0.0');
    await solveInBrowser(page, [1, 3]);

    await page.getByRole('heading', { name: 'Результат последнего теста' }).waitFor();
    const result = await student.call(trainP1.getTrainP1Info, {});
    expect(result.status).toBe('Результат');
    expect(await page.getByTestId('trp1-result-type').textContent()).toBe('По разделу: Экономика');
    expect(await page.getByTestId('trp1-result-90plus').textContent()).toBe('Нет');
    // «Верных ответов» counts the fully right answers and the points beside it are the server's.
    const points = result.questions.reduce((sum, row) => sum + (row.user_ball ?? 0), 0);
    const max = result.questions.reduce((sum, row) => sum + row.real_ball, 0);
    expect(await page.getByTestId('trp1-result-right').textContent()).toBe('3 из 5');
    expect(await page.getByTestId('trp1-result-points').textContent()).toBe(`${points} из ${max}`);
    expect(points).toBe(max - result.questions[1]!.real_ball - result.questions[3]!.real_ball);
    const changes = page.getByTestId('trp1-change');
    expect(await changes.count()).toBe(5);
    for (const [index, row] of result.questions.entries()) {
      expect(row.ratingChange).not.toBeNull();
      expect(await changes.nth(index).textContent()).toBe(`Рейтинг: ${signed(row.ratingChange!)}`);
      expect(await changes.nth(index).getAttribute('class')).toContain(`trp1-rating--${tone(row.ratingChange!)}`);
    }
    expect(result.questions[1]!.ratingChange).toBe('-0.5');
    expect(result.questions[0]!.ratingChange!.startsWith('-')).toBe(false);
    // Colours as the theme draws them: red for a loss, green for a gain.
    const colour = (index: number) => changes.nth(index).evaluate((el) => getComputedStyle(el).color);
    expect(await colour(1)).not.toBe(await colour(0));
    const ledger = await db().selectFrom('rating_changes').select('tenths').where('source_kind', '=', 'train_p1').execute();
    expect(ledger).toHaveLength(5);
    await screenshot(page, 'train-p1-result-mixed-light-1280');

    // The explanation opens per question.
    await page.getByTestId('trp1-row-2').getByText('Подробнее').click();
    await page.getByTestId('trp1-row-2').getByText('Верный ответ').waitFor();

    // The difficult flag: saved; a failure reverts it.
    const flag = page.getByTestId(`trp1-difficult-${result.questions[0]!.q_id}`);
    await flag.getByRole('switch').click();
    await flag.getByText('Сохранено').waitFor();
    await page.route('**/app/api/train_p1/set_as_difficult.php', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: '0', message: 'Нет связи с базой' }) }), { times: 1 });
    await flag.getByRole('switch').click();
    await flag.getByText('Ошибка: Нет связи с базой').waitFor();
    expect(await flag.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    // Take again: the same type and count, a new test.
    await page.getByTestId('trp1-again').click();
    await page.getByText('Вопрос 1 из 5').waitFor();
    const again = await student.call(trainP1.getTrainP1Info, {});
    expect(again.status).toBe('Выполняется');
    expect(again.testInfo).toEqual({ testingType: 'chapter:Экономика', includeSelfmade: '0', include90Plus: '0', qNums: 5 });
    expect(again.questions.every((q) => q.q_chapter === 'Экономика')).toBe(true);

    // Leaving the training goes back to choice.
    await page.getByTestId('trp1-leave').click();
    await page.getByRole('button', { name: 'Прервать', exact: true }).click();
    await page.getByTestId('trp1-start').waitFor();
    expect(await page.getByTestId('trp1-stats').textContent()).toMatch(/Решено верно3/);
    expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('shows the empty view when nothing matches and a load error with retry', async () => {
    const { page, context } = await e2e.openPage();
    await openTraining(page, 'egor');
    await page.getByTestId('trp1-kind-mostDifficult').click();
    await page.getByTestId('trp1-start').click();
    await page.getByText('Вопросы отсутствуют').waitFor();
    await screenshot(page, 'train-p1-empty-light-1280');
    await page.getByTestId('trp1-empty-finish').click();
    await page.getByTestId('trp1-start').waitFor();

    await page.route('**/app/api/train_p1/get_info.php', (route) => route.abort('failed'));
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Произошла ошибка при загрузке данных' });
    await alert.waitFor({ timeout: 15_000 });
    await page.unroute('**/app/api/train_p1/get_info.php');
    await alert.getByRole('button', { name: 'Попробовать ещё раз' }).click();
    await page.getByTestId('trp1-start').waitFor();
    await context.close();
  });

  it('screenshots in light and dark at 1280 and 390 px: choice, decide and result', async () => {
    const maxim = await e2e.server.signIn('maxim');
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const theme = dark ? 'dark' : 'light';
        const { page, context, errors } = await e2e.openPage({ width, height: 900 });
        await openTraining(page, 'maxim', dark);
        await page.getByTestId('trp1-kind-lessonNum').click();
        await page.getByRole('combobox', { name: 'Урок' }).click();
        await page.getByRole('option', { name: 'Урок 3' }).click();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `train-p1-choice-${theme}-${width}`);
        await page.getByTestId('trp1-count-1').click();
        await page.getByTestId('trp1-start').click();
        await page.getByText('Вопрос 1 из 1').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `train-p1-decide-${theme}-${width}`);
        const running = await maxim.call(trainP1.getTrainP1Info, {});
        const { wrong, input } = await questionAnswers(db(), running.questions[0]!.q_id);
        await typeQuestionAnswer(page, wrong, input);
        await page.getByTestId('trp1-answer').click();
        await page.getByRole('heading', { name: 'Результат последнего теста' }).waitFor();
        await page.getByTestId('trp1-row-1').getByText('Подробнее').click();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, `train-p1-result-${theme}-${width}`);
        await page.getByTestId('trp1-to-choice').click();
        await page.getByTestId('trp1-start').waitFor();
        expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
        await context.close();
      }
    }
  });

  it('draws 90+ questions only with the 90+ switch, and shows a question as the bank admin last saved it', async () => {
    const sofia = await e2e.server.signIn('sofia');
    const admin = await e2e.server.signIn('admin');
    const published = await db().selectFrom('questions_p1').select(['id', 'is_90plus']).where('lesson_num', '=', 1).where('is_published', '=', 1).where('is_selfmade', '=', 0).execute();
    const hard = published.find((row) => row.is_90plus === 1)!;
    expect(hard).toBeDefined();
    // A draw of 10 from the whole lesson would hold the 90+ question only by chance: for this test
    // the lesson keeps it and nine others (put back at the end).
    const lesson1 = [hard, ...published.filter((row) => row.id !== hard.id).slice(0, 9)];
    const parked = published.filter((row) => !lesson1.includes(row)).map((row) => row.id);
    if (parked.length > 0) await db().updateTable('questions_p1').set({ is_published: 0 }).where('id', 'in', parked).execute();
    try {
      const { page, context, errors } = await e2e.openPage();
      await openTraining(page, 'sofia');
      const plus90 = page.getByRole('switch', { name: 'Включить вопросы 90+' });
      expect(await plus90.getAttribute('aria-checked')).toBe('false');
      await page.getByTestId('trp1-kind-lessonNum').click();
      await page.getByRole('combobox', { name: 'Урок' }).click();
      await page.getByRole('option', { name: 'Урок 1', exact: true }).click();
      await page.getByTestId('trp1-count-10').click();

      // Switch off: the lesson's 90+ question stays out.
      await page.getByTestId('trp1-start').click();
      await page.getByText(`Вопрос 1 из ${Math.min(10, lesson1.filter((row) => row.is_90plus !== 1).length)}`).waitFor();
      expect((await sofia.call(trainP1.getTrainP1Info, {})).questions.some((q) => q.q_id === hard.id)).toBe(false);
      await page.getByTestId('trp1-leave').click();
      await page.getByRole('button', { name: 'Прервать', exact: true }).click();
      await page.getByTestId('trp1-start').waitFor();

      // The bank admin rewrites the 90+ question while no training holds it.
      const { question } = await admin.call(questionBankAdmin.getQuestion, { questionId: hard.id });
      const { qId: _id, ...body } = question;
      const newText = 'Установите соответствие между признаками и типами общества (текст исправлен куратором).';
      expect(body.is90Plus).toBe('1');
      await admin.call(questionBankAdmin.saveQuestion, { questionId: hard.id, question: { ...body, questionText: newText } });

      // Switch on (remembered with the other choices): the whole lesson, the edited text included.
      await plus90.click();
      expect(await plus90.getAttribute('aria-checked')).toBe('true');
      await page.reload();
      await page.getByTestId('trp1-start').waitFor();
      expect(await page.getByRole('switch', { name: 'Включить вопросы 90+' }).getAttribute('aria-checked')).toBe('true');
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('enot.trainP1Choice'))) ?? '{}')).toMatchObject({ kind: 'lessonNum', values: { lessonNum: 1 }, include90Plus: true });
      await page.getByTestId('trp1-start').click();
      await page.getByText(`Вопрос 1 из ${Math.min(10, lesson1.length)}`).waitFor();
      const set = await sofia.call(trainP1.getTrainP1Info, {});
      expect(set.testInfo).toMatchObject({ testingType: 'lessonNum:1', include90Plus: '1' });
      expect(set.questions.map((q) => q.q_id)).toContain(hard.id);
      for (const [index, item] of set.questions.entries()) {
        await page.getByText(`Вопрос ${index + 1} из ${set.questions.length}`).waitFor();
        if (item.q_id === hard.id) {
          await page.getByText(newText).waitFor();
          await screenshot(page, 'train-p1-decide-edited-90plus-light-1280');
        }
        const { right, input } = await questionAnswers(db(), item.q_id);
        await typeQuestionAnswer(page, right, input);
        await page.getByTestId('trp1-answer').click();
      }
      await page.getByRole('heading', { name: 'Результат последнего теста' }).waitFor();
      expect(await page.getByTestId('trp1-result-90plus').textContent()).toBe('Да');
      const row = page.getByTestId(`trp1-row-${set.questions.findIndex((q) => q.q_id === hard.id) + 1}`);
      await row.getByText('Подробнее').click();
      await row.getByText(newText).waitFor();
      await screenshot(page, 'train-p1-result-90plus-light-1280');

      // Take again repeats the 90+ choice.
      await page.getByTestId('trp1-again').click();
      await page.getByText(`Вопрос 1 из ${Math.min(10, lesson1.length)}`).waitFor();
      expect((await sofia.call(trainP1.getTrainP1Info, {})).testInfo).toEqual({ testingType: 'lessonNum:1', includeSelfmade: '0', include90Plus: '1', qNums: 10 });
      await sofia.call(trainP1.goToChoiseSet, {});
      expect(errors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
      await context.close();
    } finally {
      if (parked.length > 0) await db().updateTable('questions_p1').set({ is_published: 1 }).where('id', 'in', parked).execute();
    }
  });
});
