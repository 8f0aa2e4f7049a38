
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';
import { linkAccounts } from '../helpers/factories';

/** Issue #19: a curator finds a student by 'tg:' and writes in their card; homework question tickets. */
describe('users, the student card and homework questions in chromium', () => {
  const e2e = useE2e();
  beforeAll(async () => {
    // Egor linked his Telegram (the account screen does it through the widget).
    await linkAccounts(e2e.server, 'egor', { tgNickname: 'egor_vasiliev' });
  });

  it('a curator finds egor by tg: nickname, opens his card and writes a CRM comment', async () => {
    const { page, errors } = await e2e.openPage();
    await signInAs(page, 'curator');
    await page.goto('/study/curator/users');
    await page.getByRole('heading', { level: 1, name: 'Ученики' }).waitFor();
    // Without query parameters the page switches to 'by search' once both lists have loaded.
    await page.waitForURL(/queryType=search/);
    await page.getByTestId('users-table').waitFor();
    await page.getByLabel('Фамилия, имя, VK id или ник в Telegram').fill('tg:egor');
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL(/queryBody=tg%3Aegor/);
    const rows = page.getByTestId('users-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await screenshot(page, 'crm-users-light-1280');
    await rows.getByRole('link', { name: 'Васильев Егор' }).click();
    await page.getByRole('heading', { level: 1, name: 'Анкета' }).waitFor();
    await page.getByTestId('card-name').filter({ hasText: 'Васильев Егор' }).waitFor();
    // A curator reads the card; only the admin and USER_CHANGER_USERS change it.
    expect(await page.getByLabel('Фамилия').isDisabled()).toBe(true);
    await page.getByText('Комментарии отсутствуют').waitFor();
    await page.getByLabel('Новый комментарий').fill('Просил перенести консультацию на четверг');
    await page.getByLabel('Новый комментарий').press('Enter');
    const comments = page.getByTestId('crm-comments');
    await comments.getByText('Просил перенести консультацию на четверг').waitFor();
    await comments.getByText('Соколов Дмитрий').waitFor();
    expect(await page.getByLabel('Новый комментарий').inputValue()).toBe('');
    await screenshot(page, 'crm-card-light-1280');
    // Back goes to the list the curator came from.
    await page.getByRole('button', { name: '← Назад' }).click();
    await page.waitForURL(/queryBody=tg%3Aegor/);
    expect(errors).toEqual([]);
  });

  it('the admin edits the card: only changed fields are saved', async () => {
    const { page, errors } = await e2e.openPage();
    await signInAs(page, 'admin', { dark: true });
    const egor = await e2e.server.server.services.db.selectFrom('users').select(['id', 'vk_id']).where('login', '=', 'egor').executeTakeFirstOrThrow();
    await page.goto(`/study/curator/users/${egor.vk_id ?? `id${egor.id}`}`);
    await page.getByTestId('card-name').waitFor();
    await page.getByLabel('Целевой балл').fill('92');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await page.getByText('Изменения успешно сохранены').waitFor();
    const row = await e2e.server.server.services.db.selectFrom('users').select(['goal_ball', 'surname']).where('id', '=', egor.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ goal_ball: 92, surname: 'Васильев' });
    await screenshot(page, 'crm-card-dark-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await screenshot(page, 'crm-card-dark-390');
    expect(errors).toEqual([]);
  });

  it('the curator opens a homework ticket, the admin answers, the curator sees the answer without reloading', async () => {
    const curator = await e2e.openPage();
    await signInAs(curator.page, 'curator');
    await curator.page.goto('/study/curator/questionsDz');
    await curator.page.getByRole('heading', { level: 1, name: 'Вопросы по ДЗ' }).waitFor();
    await curator.page.getByTestId('tickets-general').waitFor();
    await curator.page.getByRole('button', { name: 'Создать вопрос' }).click();
    const form = curator.page.getByRole('dialog', { name: 'Новый вопрос по ДЗ' });
    await form.getByLabel('Тема').fill('Задание 3: спорный ответ');
    await form.getByLabel('Вопрос').fill('Ученик указал вариант 4, по критериям он тоже верен?');
    await form.getByRole('button', { name: 'Создать' }).click();
    const ticket = curator.page.getByRole('dialog', { name: 'Задание 3: спорный ответ' });
    await ticket.getByText('Сообщений пока нет').waitFor();
    await screenshot(curator.page, 'tickets-curator-light-1280');

    const admin = await e2e.openPage();
    await signInAs(admin.page, 'admin', { dark: true });
    await admin.page.goto('/study/curator/questionsDz');
    await admin.page.getByTestId('tickets-general').getByRole('button', { name: /Задание 3: спорный ответ/ }).click();
    const adminTicket = admin.page.getByRole('dialog', { name: 'Задание 3: спорный ответ' });
    await adminTicket.getByLabel('Сообщение').fill('Да, вариант 4 засчитываем — баллы поправлены');
    await adminTicket.getByRole('button', { name: 'Отправить' }).click();
    await adminTicket.getByTestId('ticket-messages').getByText('Да, вариант 4 засчитываем').waitFor();
    await screenshot(admin.page, 'tickets-admin-dark-1280');

    // The curator's open popup picks it up on its 10 s poll.
    await ticket.getByTestId('ticket-messages').getByText('Да, вариант 4 засчитываем — баллы поправлены').waitFor({ timeout: 25_000 });
    await ticket.getByText('(Ответственный)').or(ticket.getByText('(Админ)')).first().waitFor();
    expect(curator.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
