import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SCREENSHOT_DIR, screenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { setHomeworkProgress, userIdOf, userKeyOf } from '../helpers/factories';

/**
 * Issue 38 item 5 in chromium: a curator checks part 2 by the ФИПИ criteria of each task, seeing
 * the reference answer, and the student sees the points per criterion. Homework 4 of the demo:
 * question 1 on task 19 (К1, 3 points), question 2 on task 25 (К1 2, К2 1, К3 3).
 */
const HT = 4;

describe('part 2 checking by ФИПИ criteria in chromium', () => {
  const e2e = useE2e();
  let sofiaKey = '';

  beforeAll(async () => {
    const db = e2e.server.server.services.db;
    sofiaKey = await userKeyOf(e2e.server, 'sofia');
    const userId = await userIdOf(e2e.server, 'sofia');
    const answers = [
      '1) Правительство повысило налог на доходы богатых граждан, и они стали меньше тратить.\n2) Государство отложило строительство нового стадиона.\n3) Бюджет приняли без дефицита.',
      'Государство регулирует рынок, потому что рынок не производит общественные блага, например дороги, и не борется с загрязнением природы.\nФункции налогов: фискальная, регулирующая, социальная.\nПримеры: налоги идут в бюджет на школы; акцизы на сигареты повысили, и курить стали меньше; богатые платят больше, а деньги идут на пособия.',
    ];
    const questions = await db.selectFrom('homework_questions_p2').select(['q_number', 'question_id']).where('ht_num', '=', HT).where('is_dop', '=', 0).orderBy('q_number').execute();
    for (const [index, question] of questions.entries()) {
      await db
        .insertInto('homework_answers_p2')
        .values({ user_id: userId, ht_num: HT, is_dop: 0, q_number: question.q_number, question_id: question.question_id, user_answer: answers[index] ?? '' })
        .execute();
    }
    const now = Date.now();
    await setHomeworkProgress(e2e.server, 'sofia', HT, { p2: { status: 'Готово', startedAt: now - 3_600_000, submittedAt: now - 60_000 } });
  });

  it('looks right in both themes on wide and narrow screens', async () => {
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const { page, context, errors } = await e2e.openPage({ width });
        await signInAs(page, 'curator', { dark });
        await page.goto(`/study/curator/homeworks/ht_p2/${HT}/${sofiaKey}`);
        await page.getByTestId('criteria').nth(1).waitFor();
        // Some scores typed, so the sum and the ФИПИ zero rule show.
        const task25 = page.getByTestId('criteria').nth(1);
        await task25.getByLabel('К1: баллы (0–2)').fill('2');
        await task25.getByLabel('К2: баллы (0–1)').fill('0');
        await task25.getByText('По К2 — 0 баллов, поэтому по К3 ставится 0').waitFor();
        await screenshot(page, `criteria-check-${dark ? 'dark' : 'light'}-${width}`);
        // The criteria block alone, readable at full size.
        await task25.screenshot({ path: join(SCREENSHOT_DIR, `criteria-block-${dark ? 'dark' : 'light'}-${width}.png`) });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('the curator scores К1, К2, К3 from the keyboard beside the reference answer and finishes; the student sees the points per criterion', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 1280 });
    await signInAs(page, 'curator');
    await page.goto(`/study/curator/homeworks/ht_p2/${HT}/${sofiaKey}`);
    const [task19, task25] = [page.getByTestId('criteria').nth(0), page.getByTestId('criteria').nth(1)];
    await task25.waitFor();

    // The task's ФИПИ criteria with their maxima and descriptions, and the bank's reference answer.
    await task19.getByRole('heading', { name: 'Критерии ФИПИ, задание 19' }).waitFor();
    await task25.getByRole('heading', { name: 'Критерии ФИПИ, задание 25' }).waitFor();
    expect(await task25.locator('.crit__code').allTextContents()).toEqual(['К1', 'К2', 'К3']);
    expect(await task25.locator('.crit__name').allTextContents()).toEqual(['Обоснование', 'Ответ на вопрос', 'Примеры']);
    expect(await task25.locator('.crit__max').allTextContents()).toEqual(['из 2', 'из 1', 'из 3']);
    await task25.getByText(/раскрывающих причинно-следственные и \(или\) функциональные связи/).first().waitFor();
    const references = page.getByTestId('reference');
    expect(await references.nth(1).locator('summary').first().textContent()).toBe('Эталонный ответ');
    expect(await references.nth(1).locator('.task-check__reference-text').first().textContent()).toMatch(/^1\) Обоснование\. Рынок сам не решает/);

    // Keyboard only: a digit key is the whole score, Tab goes to the next criterion.
    await task19.getByLabel('К1: баллы (0–3)').focus();
    await page.keyboard.press('2');
    await task25.getByLabel('К1: баллы (0–2)').focus();
    await page.keyboard.press('2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('0');
    // ФИПИ: К2 = 0 puts К3 at 0; the field says why and cannot be changed.
    await task25.getByText('По К2 — 0 баллов, поэтому по К3 ставится 0').waitFor();
    expect(await task25.getByLabel('К3: баллы (0–3)').isDisabled()).toBe(true);
    expect(await task25.getByTestId('criteria-total').textContent()).toBe('Итого за задание: 2 / 6');
    await page.keyboard.press('1');
    await page.keyboard.press('Tab');
    await page.keyboard.press('7'); // above the maximum: clamped to 3
    expect(await task25.getByLabel('К3: баллы (0–3)').inputValue()).toBe('3');
    await page.keyboard.press('2');
    expect(await task25.getByTestId('criteria-total').textContent()).toBe('Итого за задание: 5 / 6');
    expect(await page.locator('.curator-hw__facts').getByText('7 / 9').count()).toBe(1);
    await page.getByLabel('Комментарий к заданию').nth(1).fill('Третий пример слишком общий: кто именно получает пособия?');
    await screenshot(page, 'criteria-check-scored-light-1280');

    await page.getByRole('button', { name: 'Завершить проверку' }).click();
    await page.getByText('Проверка завершена').waitFor();
    await expect.poll(() => page.getByTestId('work-status').textContent()).toBe('Проверен');
    expect(errors).toEqual([]);
    await context.close();

    // The server kept the points per criterion and their sum.
    const db = e2e.server.server.services.db;
    const rows = await db
      .selectFrom('homework_answers_p2')
      .select(['q_number', 'points', 'criteria_points'])
      .where('user_id', '=', await userIdOf(e2e.server, 'sofia'))
      .where('ht_num', '=', HT)
      .orderBy('q_number')
      .execute();
    expect(rows).toEqual([
      { q_number: 1, points: 2, criteria_points: '{"1":2}' },
      { q_number: 2, points: 5, criteria_points: '{"1":2,"2":1,"3":2}' },
    ]);

    // Sofia opens her checked work: question 2 shows К1 2/2, К2 1/1, К3 2/3.
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const student = await e2e.openPage({ width });
        await signInAs(student.page, 'sofia', { dark });
        await student.page.goto(`/study/ht_p2?dz_num=${HT}&dop=0`);
        await student.page.getByTestId('p2-card-2').click();
        const list = student.page.getByTestId('p2-criteria');
        await list.waitFor();
        expect(await list.locator('li').allTextContents()).toEqual(['К1Обоснование2 / 2', 'К2Ответ на вопрос1 / 1', 'К3Примеры2 / 3']);
        await screenshot(student.page, `criteria-student-${dark ? 'dark' : 'light'}-${width}`);
        expect(student.errors).toEqual([]);
        await student.context.close();
      }
    }
  });
});
