import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const TRAINER = '/study/trains/trains_verbal';

/** The oral credit trainer and the oral credit booking in Chromium. */
describe('oral credits in chromium', () => {
  const db = () => e2e.server.server.services.db;

  const e2e = useE2e();

  const open = async (login: string, options: { dark?: boolean; width?: number } = {}) => {
    const user = await e2e.openPage({ width: options.width });
    await signInAs(user.page, login, { dark: options.dark });
    return user;
  };
  const stat = (page: Page, id: string) => page.getByTestId(id).textContent();

  it('trains a lesson\'s questions: answer, compare with the right answer, next, back with the statistics updated', async () => {
    const { page, context, errors } = await open('egor');
    await page.goto(TRAINER);
    await page.getByRole('heading', { level: 1, name: 'Устные зачёты' }).waitFor();
    await expect.poll(() => stat(page, 'trv-total')).not.toBe(null);
    await page.getByRole('combobox', { name: 'Набор вопросов' }).click();
    await page.getByRole('option', { name: 'По номеру урока' }).click();
    await page.getByRole('combobox', { name: 'Значение' }).click();
    // Lesson 9 is not open yet: it is not offered.
    expect(await page.getByRole('option', { name: 'Урок 9' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Урок 1', exact: true }).click();

    const lesson1 = await db().selectFrom('verbal_questions').select(['question', 'answer', 'plus90']).where('lesson_num', '=', 1).execute();
    const basic = lesson1.filter((row) => row.plus90 === 0);
    await expect.poll(() => stat(page, 'trv-total')).toBe(String(basic.length));
    await expect.poll(() => stat(page, 'trv-solved')).toBe('0');
    // The accordion list: a question opens to its answer.
    await page.getByRole('button', { name: basic[0]!.question }).click();
    await page.getByText(basic[0]!.answer).waitFor();
    await page.getByRole('switch', { name: 'Вопросы 90+' }).click();
    await expect.poll(() => stat(page, 'trv-total')).toBe(String(lesson1.length));
    await screenshot(page, 'train-verbal-choice-light');

    await page.getByRole('button', { name: 'Начать' }).click();
    const first = await page.getByTestId('trv-question').textContent();
    const bank = lesson1.find((row) => row.question === first)!;
    expect(bank).toBeDefined();
    await page.getByLabel('Ваш ответ').fill('Общество — часть мира, обособившаяся от природы');
    await page.getByRole('button', { name: 'Ответить' }).click();
    await expect.poll(() => page.getByTestId('trv-my-answer').textContent()).toBe('Общество — часть мира, обособившаяся от природы');
    expect(await page.getByTestId('trv-right-answer').textContent()).toBe(bank.answer);
    await screenshot(page, 'train-verbal-compare-light');

    await page.getByRole('button', { name: 'Следующий вопрос' }).click();
    await expect.poll(() => page.getByTestId('trv-question').textContent()).not.toBe(first);
    await page.getByRole('button', { name: 'Назад' }).click();
    await expect.poll(() => stat(page, 'trv-solved')).toBe('1');
    await expect.poll(() => stat(page, 'trv-unique')).toBe('1');

    // The choice is remembered: a reload comes back to lesson 1 with 90+.
    await page.reload();
    await expect.poll(() => stat(page, 'trv-total')).toBe(String(lesson1.length));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the trainer in the dark theme and on a phone', async () => {
    const { page, context } = await open('sofia', { dark: true, width: 390 });
    await page.evaluate(() => localStorage.setItem('enot.trainVerbalChoice', JSON.stringify({ kind: 'zachet', value: '2', with90Plus: false })));
    await page.goto(TRAINER);
    await page.getByRole('heading', { level: 1, name: 'Устные зачёты' }).waitFor();
    await page.getByRole('combobox', { name: 'Набор вопросов' }).click();
    await page.getByRole('option', { name: 'Все вопросы' }).click();
    await page.getByRole('button', { name: 'Начать' }).click();
    await page.getByTestId('trv-question').waitFor();
    await screenshot(page, 'train-verbal-test-dark-narrow');
    await context.close();
  });

  it('books an oral credit time after confirming; a taken time and a missing query behave as the spec says', async () => {
    const { page, context, errors } = await open('egor');
    await page.goto('/study/zachet_zapis?zachet_num=1');
    await page.getByRole('heading', { level: 1, name: 'Запись на устный зачёт №1' }).waitFor();
    await page.getByText('Дмитрий Андреевич Соколов').waitFor();
    const times = page.getByRole('group', { name: 'Время зачёта' }).getByRole('button');
    await expect.poll(() => times.count()).toBe(3);
    await times.nth(1).click();
    await screenshot(page, 'verbal-booking-light');
    await page.getByRole('button', { name: 'Записаться' }).click();
    const dialog = page.getByRole('dialog', { name: 'Подтвердите запись' });
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => page.getByTestId('vbook-booked').textContent()).toMatch(/^Вы записаны: \d{2}\.\d{2}\.\d{4} в 16:30$/);
    const booked = await db().selectFrom('verbal_credit_slots').innerJoin('users', 'users.id', 'verbal_credit_slots.user_id').select(['users.login', 'verbal_credit_slots.credit_num']).execute();
    expect(booked).toEqual([{ login: 'egor', credit_num: 1 }]);

    // Another student sees that time taken.
    const other = await open('maxim', { dark: true });
    await other.page.goto('/study/zachet_zapis?zachet_num=1');
    const taken = other.page.getByRole('group', { name: 'Время зачёта' }).getByRole('button', { name: /16:30/ });
    await expect.poll(() => taken.isDisabled()).toBe(true);
    await screenshot(other.page, 'verbal-booking-dark');
    await other.context.close();

    // Back goes to the credit's lesson; without the query the page goes to /study/.
    await page.getByRole('link', { name: 'К уроку' }).click();
    await page.waitForURL(/\/study\/roadmap\/4$/);
    await page.goto('/study/zachet_zapis');
    await page.waitForURL((url) => !url.pathname.startsWith('/study/zachet_zapis'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a curator publishes times in the curator area and removes a free one', async () => {
    const { page, context, errors } = await open('curator');
    await page.getByRole('link', { name: 'Кураторская' }).first().click();
    await page.getByRole('link', { name: 'Устные зачёты' }).click();
    await page.getByRole('heading', { level: 1, name: 'Устные зачёты: время записи' }).waitFor();
    const day = await page.getByLabel('День').inputValue();
    const times = page.getByRole('group', { name: 'Время' });
    await times.getByRole('button', { name: '12:00' }).click();
    await times.getByRole('button', { name: '12:30' }).click();
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await page.getByText('Добавлено: 2').waitFor();
    const [y, m, d] = day.split('-');
    const list = page.getByRole('region', { name: `${d}.${m}.${y}` });
    // The notice shows before the list reloads, and the day already holds seeded times: wait for the
    // new ones, so `before` below counts them.
    for (const time of ['12:00', '12:30']) await list.getByRole('listitem').filter({ hasText: time }).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'verbal-slots-light');
    const before = await list.getByRole('listitem').count();
    await list.getByRole('listitem').filter({ hasText: '12:00' }).getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog', { name: 'Удалить время?' }).getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(before - 1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
