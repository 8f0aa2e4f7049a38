import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeworkP2 } from '../../src/shared/contract';
import { screenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { setHomeworkProgress } from '../helpers/factories';

/** Homework 3: egor, sofia and maxim submitted part 2 in the demo data; the curator checks them. */
const HT = 3;

/** Selects characters [from, to) of the first task's answer as a person would with the mouse. */
async function selectInAnswer(page: Page, from: number, to: number): Promise<void> {
  await page.getByTestId('answer').first().evaluate(
    (element, [from, to]) => {
      const text = element.firstChild!.firstChild as Text;
      const range = document.createRange();
      range.setStart(text, from!);
      range.setEnd(text, to!);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    },
    [from, to],
  );
}

describe('curator homework checking in chromium', () => {
  const db = () => e2e.server.server.services.db;
  let egorKey = '';

  const e2e = useE2e();
  beforeAll(async () => {
    const egor = await db().selectFrom('users').select(['id', 'vk_id']).where('login', '=', 'egor').executeTakeFirstOrThrow();
    egorKey = egor.vk_id ?? `id${egor.id}`;
  });

  it('lands the curator on the checking queue with the right counts; a work still being written is not offered for checking', async () => {
    // The demo student is writing part 2 of homework 3: it is not waiting, and not offered for checking.
    await setHomeworkProgress(e2e.server, 'student', HT, { p2: { status: 'Выполняется', startedAt: Date.now() } });
    // Counted here straight from the tables, not by the code under test: submitted works of the curator's students.
    const curatorId = (await db().selectFrom('users').select('id').where('login', '=', 'curator').executeTakeFirstOrThrow()).id;
    const submitted = await db()
      .selectFrom('user_homeworks')
      .innerJoin('users', 'users.id', 'user_homeworks.user_id')
      .innerJoin('homeworks', 'homeworks.num', 'user_homeworks.ht_num')
      .select(['user_homeworks.ht_num'])
      .where('user_homeworks.status_p2', '=', 'Готово')
      .where('user_homeworks.is_dop', '=', 0)
      .where('homeworks.p2_self_check', '=', 0)
      .where('users.curator_dz_id', '=', curatorId)
      .execute();
    const total = submitted.length;
    expect(submitted.filter((row) => row.ht_num === HT)).toHaveLength(3);

    const { page, errors } = await e2e.openPage();
    await signInAs(page, 'curator');
    // The first screen after sign-in is the queue, not the student road.
    expect(new URL(page.url()).pathname).toBe('/study/curator/homeworks');
    await page.getByTestId(`queue-${HT}`).waitFor();
    expect(await page.getByTestId(`queue-${HT}`).getByTestId('queue-count').textContent()).toBe('3 работы');
    expect(await page.getByTestId('checking-queue').locator('li').count()).toBe(new Set(submitted.map((row) => row.ht_num)).size);
    expect(await page.getByTestId(`waiting-cell-${HT}`).textContent()).toBe('3');
    // The navigation carries the waiting count: the side link «Проверка ДЗ» and the header's «Кураторская».
    const sideLink = page.locator('.side-nav__link', { hasText: 'Проверка ДЗ' });
    await sideLink.getByTestId('count-badge').waitFor();
    expect(await sideLink.getByTestId('count-badge').textContent()).toBe(String(total));
    const headerLink = page.locator('.shell__nav-link[data-flag="curator"]');
    expect(await headerLink.getByTestId('count-badge').textContent()).toBe(String(total));
    await screenshot(page, 'curator-queue-landing-light-1280');

    // «Кураторская» opens the curator's area where they were: the queue.
    await page.goto('/study/lk');
    await page.locator('.shell__nav-link[data-flag="curator"]').click();
    await page.getByTestId('checking-queue').waitFor();
    expect(new URL(page.url()).pathname).toBe('/study/curator/homeworks');
    // So does the app's home address.
    await page.goto('/study/');
    await page.getByTestId(`queue-${HT}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/study/curator/homeworks');

    // The works of homework 3: the submitted ones can be checked, the one being written cannot.
    await page.getByTestId(`queue-${HT}`).getByRole('link', { name: 'Проверить' }).click();
    await page.getByRole('heading', { level: 1, name: `Домашнее задание ${HT} (проверка)` }).waitFor();
    const writing = page.locator('.work-card', { hasText: 'Часть 2: Выполняется' });
    await writing.waitFor();
    await writing.getByText('ученик ещё выполняет').waitFor();
    expect(await writing.getByRole('link', { name: 'Проверить часть 2' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Проверить часть 2' }).count()).toBe(3);
    expect(errors).toEqual([]);
    await page.context().close();

    // A student lands on «Сегодня», not on the checking queue.
    const student = await e2e.openPage();
    await signInAs(student.page, 'student');
    expect(new URL(student.page.url()).pathname).toBe('/study/today');
    await student.context.close();
  });

  it('opens homework 3, checks egor’s work with a segment and scores; egor sees the check', async () => {
    const { page, errors } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto('/study/curator/homeworks');
    await page.getByRole('heading', { level: 1, name: 'Домашние задания' }).waitFor();
    await page.getByText('Пробник').first().waitFor();
    await screenshot(page, 'curator-homeworks-light-1280');
    await page.locator('tr', { hasText: /^3/ }).getByRole('link', { name: 'К работам' }).first().click();
    await page.getByRole('heading', { level: 1, name: `Домашнее задание ${HT} (проверка)` }).waitFor();
    await page.getByTestId(`work-${egorKey}`).waitFor();
    // The demo student has only started part 1; egor, sofia and maxim wait for a check.
    expect(await page.locator('.work-card', { hasText: 'Часть 2: Готово' }).count()).toBe(3);
    await screenshot(page, 'curator-homework-check-light-1280');

    await page.getByTestId(`work-${egorKey}`).getByRole('link', { name: 'Проверить часть 2' }).click();
    await page.getByRole('heading', { level: 1, name: `ДЗ ${HT}, часть 2` }).waitFor();
    expect(await page.getByTestId('work-status').textContent()).toBe('Готово');
    // Only the actions allowed for 'Готово' are offered.
    for (const name of ['Сохранить проверку', 'Завершить проверку', 'Отклонить', 'Вернуть на доработку']) await page.getByRole('button', { name }).waitFor();

    await selectInAnswer(page, 3, 40);
    await page.getByLabel('Комментарий к фрагменту').fill('Хороший пример');
    await page.getByLabel('Цвет').selectOption('green');
    await page.getByRole('button', { name: 'Добавить фрагмент' }).click();
    await page.locator('.task-check__segment').first().waitFor();
    expect(await page.locator('.task-check__answer').first().locator('.seg--green').count()).toBe(1);
    // The selection ended inside «снижать»: it was widened to the whole word.
    expect(await page.locator('.task-check__answer').first().locator('.seg--green').textContent()).toBe('Конкуренция заставляет продавцов снижать');
    // The fragment's comment can be changed after it was added.
    await page.locator('.task-check__segment').first().getByLabel('Комментарий к фрагменту').fill('Хороший пример, но поясните');
    // Scores are clamped to the task maximum on input.
    const scores = page.getByLabel('Баллы (0–3)');
    await scores.nth(0).fill('7');
    expect(await scores.nth(0).inputValue()).toBe('3');
    await scores.nth(0).fill('2');
    await scores.nth(1).fill('3');
    await page.getByLabel('Комментарий к заданию').first().fill('Третий аргумент не раскрыт');
    await screenshot(page, 'curator-ht-p2-light-1280');

    await page.getByRole('button', { name: 'Завершить проверку' }).click();
    await page.getByText('Проверка завершена').waitFor();
    await expect.poll(() => page.getByTestId('work-status').textContent()).toBe('Проверен');
    expect(await page.getByRole('button', { name: 'Завершить проверку' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();

    const egor = await e2e.server.signIn('egor');
    const seen = await egor.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: 'EgorE2' });
    expect(seen.htStatusP2).toBe('Проверен');
    expect(seen.htInfo.htUserBallovP2).toBe(5);
    expect(Object.values(seen.questions[0]!.teacherJson)).toEqual([{ start_pos: 3, finish_pos: 43, color: 'green', zacherkn: 0, cur_subcomment: 'Хороший пример, но поясните' }]);
    expect(seen.questions[0]!.teacherComment).toBe('Третий аргумент не раскрыт');
  });

  it('looks right in both themes on wide and narrow screens', async () => {
    const sofia = await db().selectFrom('users').select(['id', 'vk_id']).where('login', '=', 'sofia').executeTakeFirstOrThrow();
    const sofiaKey = sofia.vk_id ?? `id${sofia.id}`;
    for (const dark of [false, true]) {
      for (const width of [1280, 390]) {
        const { page, context, errors } = await e2e.openPage({ width });
        await signInAs(page, 'curator', { dark });
        const name = `${dark ? 'dark' : 'light'}-${width}`;
        await page.goto(`/study/curator/homeworks/ht_p2/${HT}/${sofiaKey}`);
        await page.getByTestId('answer').first().waitFor();
        await selectInAnswer(page, 0, 12);
        await page.getByRole('button', { name: 'Добавить фрагмент' }).waitFor();
        await screenshot(page, `curator-ht-p2-${name}`);
        await page.goto('/study/curator/homeworks');
        await page.getByTestId(`queue-${HT}`).waitFor();
        await page.locator('.side-nav__link', { hasText: 'Проверка ДЗ' }).getByTestId('count-badge').waitFor();
        await screenshot(page, `curator-queue-${name}`);
        await page.goto(`/study/curator/homeworks/${HT}`);
        await page.locator('.work-card').first().waitFor();
        await screenshot(page, `curator-homework-check-${name}`);
        await page.goto(`/study/curator/homeworks/ht_p2_tasks/${HT}/0/1`);
        await page.getByRole('button', { name: 'Пометить все проверенными' }).waitFor();
        await screenshot(page, `curator-ht-p2-tasks-${name}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
