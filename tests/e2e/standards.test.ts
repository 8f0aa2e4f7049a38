import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { screenshot, SCREENSHOT_DIR, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const NAME = 'Опоздание ученика на созвон';
const PROCESS = 'Проверка домашних заданий';
// Every way the description could try to run code in our page: a script, an error handler, a javascript: link.
const HOSTILE_HTML =
  '<h2>Опоздания</h2><p>Ученик предупреждает куратора заранее, не позднее чем за час.</p>' +
  '<script>window.parent.__standardsHacked = "script"; window.__standardsHacked = "script";</script>' +
  '<img src="x" onerror="window.parent.__standardsHacked = \'onerror\'">' +
  '<a href="javascript:window.parent.__standardsHacked = \'link\'">правила</a>' +
  // A tracking pixel: it must never be requested, neither in the editor's preview nor by readers.
  '<img src="https://tracker.example/p.png" alt="">';
const COMMENT = 'Предупреждать не позднее чем за час, иначе созвон переносится.';

/** A popup is fixed over the page: the viewport is what a person sees. */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

const hacked = (page: Page) => page.evaluate(() => (window as unknown as { __standardsHacked?: string }).__standardsHacked ?? null);
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const toLearnList = (page: Page) => page.getByRole('list', { name: 'Необходимо изучить мне' });

async function openStandards(page: Page): Promise<void> {
  await page.goto('/study/curator/standards');
  await page.getByRole('heading', { level: 1, name: 'Стандарты' }).waitFor();
  await page.getByRole('heading', { name: 'Доступные стандарты' }).waitFor();
  await page.getByRole('region', { name: 'Доступные стандарты' }).getByRole('button', { name: /Сроки проверки домашних заданий/ }).waitFor();
}

describe('standards in chromium', () => {
  const e2e = useE2e();

  it('an admin saves hostile HTML: nothing runs, the text shows; a curator learns it, a change makes them learn again', async () => {
    const admin = await e2e.openPage();
    // What really leaves the browser for the tracker (a request the frame's CSP blocks never gets here).
    const tracked: string[] = [];
    const trackTracker = (context: BrowserContext) =>
      context.route(/^https?:\/\/tracker\.example\//, async (route) => {
        tracked.push(route.request().url());
        await route.abort();
      });
    await trackTracker(admin.context);
    await signInAs(admin.page, 'admin');
    await openStandards(admin.page);
    await screenshot(admin.page, 'standards-admin-light-1280');

    // Create: the preview already shows the raw HTML in the sandboxed frame, and nothing runs there.
    await admin.page.getByRole('button', { name: 'Создать стандарт' }).click();
    const create = dialog(admin.page, 'Создание стандарта');
    await create.getByLabel('Название').fill(NAME);
    await create.getByLabel('Процесс').fill(PROCESS);
    await create.getByLabel('Описание (HTML)').fill(HOSTILE_HTML);
    const preview = create.frameLocator('iframe[title="Как увидят описание"]');
    await preview.getByText('Ученик предупреждает куратора заранее').waitFor();
    const previewSandbox = await create.locator('iframe[title="Как увидят описание"]').getAttribute('sandbox');
    expect(previewSandbox).not.toBeNull();
    expect(previewSandbox).not.toContain('allow-scripts');
    await viewportShot(admin.page, 'standards-create-light-1280');
    await preview.locator('img').evaluateAll((imgs) => Promise.all(imgs.map((img) => new Promise((resolve) => (img as HTMLImageElement).complete ? resolve(null) : img.addEventListener('error', () => resolve(null), { once: true })))));
    expect(await hacked(admin.page)).toBeNull();
    await create.getByRole('button', { name: 'Создать', exact: true }).click();
    await create.waitFor({ state: 'detached' });

    // The saved standard opens: cleaned on the server, shown in the isolated frame.
    const view = dialog(admin.page, NAME);
    await view.waitFor();
    expect(admin.page.url()).toMatch(/\/curator\/standards\?id=\d+$/);
    const standardId = Number(new URL(admin.page.url()).searchParams.get('id'));
    const stored = await e2e.server.server.services.db.selectFrom('standards').select('html_description').where('id', '=', standardId).executeTakeFirstOrThrow();
    expect(stored.html_description).not.toMatch(/script|onerror|javascript|tracker/i);
    const frame = view.locator('iframe[title="Описание стандарта"]');
    const sandbox = await frame.getAttribute('sandbox');
    expect(sandbox).not.toBeNull();
    expect(sandbox).not.toContain('allow-scripts');
    await view.frameLocator('iframe[title="Описание стандарта"]').getByText('Ученик предупреждает куратора заранее').waitFor();
    await view.frameLocator('iframe[title="Описание стандарта"]').getByText('правила').click();
    expect(await hacked(admin.page)).toBeNull();
    await expect.poll(() => view.getByTestId('standard-learned-at').textContent()).toBe('не изучен');
    await viewportShot(admin.page, 'standards-popup-admin-light-1280');
    await view.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await view.waitFor({ state: 'detached' });

    // The curator must learn it: it is in their list; they mark it learned with a comment.
    const curator = await e2e.openPage();
    await trackTracker(curator.context);
    await signInAs(curator.page, 'curator');
    await openStandards(curator.page);
    await toLearnList(curator.page).getByRole('button', { name: new RegExp(NAME) }).click();
    const curatorView = dialog(curator.page, NAME);
    await curatorView.frameLocator('iframe[title="Описание стандарта"]').getByText('Ученик предупреждает куратора заранее').waitFor();
    expect(await curatorView.getByRole('button', { name: 'Редактировать' }).count()).toBe(0);
    await curatorView.getByRole('button', { name: 'Отметить изученным' }).click();
    const learn = dialog(curator.page, 'Отметить изученным');
    await learn.getByRole('button', { name: 'Отметить изученным' }).click();
    await learn.getByText('Заполните поле').waitFor();
    await learn.getByLabel('Как вы поняли стандарт (или его изменения)').fill(COMMENT);
    await learn.getByRole('button', { name: 'Отметить изученным' }).click();
    await learn.waitFor({ state: 'detached' });
    await expect.poll(() => curatorView.getByTestId('standard-learned-at').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await curatorView.getByText(COMMENT).waitFor();
    expect(await curatorView.getByRole('button', { name: 'Отметить изученным' }).count()).toBe(0);
    await curatorView.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await expect.poll(() => toLearnList(curator.page).getByRole('button', { name: new RegExp(NAME) }).count()).toBe(0);

    // The admin sees the curator's comment under 'Как поняли изменения', then changes the standard.
    await admin.page.goto(`/study/curator/standards?id=${standardId}`);
    await dialog(admin.page, NAME).getByText(COMMENT).waitFor();
    await dialog(admin.page, NAME).getByText('Соколов Дмитрий').waitFor();
    await dialog(admin.page, NAME).getByRole('button', { name: 'Редактировать' }).click();
    const edit = dialog(admin.page, `Редактирование стандарта №${standardId}`);
    await edit.getByLabel('Описание (HTML)').fill('<p>Ученик предупреждает куратора не позднее чем за два часа.</p>');
    await edit.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    await dialog(admin.page, NAME).frameLocator('iframe[title="Описание стандарта"]').getByText('не позднее чем за два часа').waitFor();
    await admin.page.getByText('Изменения успешно сохранены').waitFor();

    // After the change the curator must learn it again.
    await curator.page.reload();
    await toLearnList(curator.page).getByRole('button', { name: new RegExp(`${NAME}.*Изменён — изучить заново`) }).waitFor();
    await toLearnList(curator.page).getByRole('button', { name: new RegExp(NAME) }).click();
    await dialog(curator.page, NAME).getByText('Стандарт изменён после того, как вы его изучили: изучите его заново.').waitFor();
    await dialog(curator.page, NAME).getByRole('button', { name: 'Отметить изученным' }).waitFor();
    await viewportShot(curator.page, 'standards-popup-curator-changed-light-1280');

    // The admin's 'Не изучили стандарты' names the curator with a messenger link.
    await admin.page.goto('/study/curator/standards');
    const missing = admin.page.getByRole('list', { name: 'Не изучили стандарты' });
    await missing.getByRole('button', { name: NAME }).waitFor();
    expect(await missing.getByRole('link', { name: 'Написать: Соколов Дмитрий' }).first().getAttribute('href')).toBe('https://t.me/sokolov_curator');
    expect(await hacked(admin.page)).toBeNull();
    expect(await hacked(curator.page)).toBeNull();
    // The preview's frame refused the pixel by its CSP, and the saved standard no longer has it.
    expect(tracked).toEqual([]);
    // The browser itself reports the preview's script and handler as blocked by the sandbox; nothing else went wrong.
    expect(admin.errors.filter((error) => /Blocked script execution in 'about:srcdoc'.*sandboxed/.test(error)).length).toBeGreaterThan(0);
    // …and the editor's preview frame refused the tracking pixel by its CSP (img-src 'self').
    const pixelBlocked = /Loading the image 'https:\/\/tracker\.example\/p\.png' violates the following Content Security Policy directive: "img-src 'self'"/;
    expect(admin.errors.filter((error) => pixelBlocked.test(error)).length).toBeGreaterThan(0);
    expect(admin.errors.filter((error) => !/ERR_|Failed to load resource|Blocked script execution in 'about:srcdoc'/.test(error) && !pixelBlocked.test(error))).toEqual([]);
    expect(curator.errors.filter((error) => !/ERR_|Failed to load resource/.test(error))).toEqual([]);
    await curator.context.close();
    await admin.context.close();
  });

  it('cancels a learning after confirmation and hides a process the curator has no access to', async () => {
    const curator = await e2e.openPage();
    await signInAs(curator.page, 'curator');
    await openStandards(curator.page);
    // Learned in the demo: 'Ответ ученику в мессенджере'. Cancel it, it returns to the to-learn list.
    await curator.page.getByRole('region', { name: 'Доступные стандарты' }).getByRole('button', { name: /Ответ ученику в мессенджере/ }).click();
    const view = dialog(curator.page, 'Ответ ученику в мессенджере');
    await view.getByRole('button', { name: 'Отменить изучение' }).click();
    const confirm = dialog(curator.page, 'Отменить изучение стандарта?');
    await confirm.getByRole('button', { name: 'Отменить', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => view.getByTestId('standard-learned-at').textContent()).toBe('не изучен');
    await view.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await toLearnList(curator.page).getByRole('button', { name: /Ответ ученику в мессенджере/ }).waitFor();
    // A curator manages nothing: no create button, no process access, no 'Не изучили стандарты'.
    expect(await curator.page.getByRole('button', { name: 'Создать стандарт' }).count()).toBe(0);
    expect(await curator.page.getByRole('button', { name: /Доступ к процессу/ }).count()).toBe(0);
    expect(await curator.page.getByRole('heading', { name: 'Не изучили стандарты' }).count()).toBe(0);

    // The admin closes 'Устные зачёты' to the curator.
    const admin = await e2e.openPage();
    await signInAs(admin.page, 'admin', { dark: true });
    await openStandards(admin.page);
    await admin.page.getByRole('button', { name: 'Доступ к процессу «Устные зачёты»' }).click();
    const access = dialog(admin.page, 'Доступ к процессу');
    await access.getByRole('combobox', { name: 'Доступ к процессу: Соколов Дмитрий' }).click();
    await admin.page.getByRole('option', { name: 'Нет' }).click();
    await viewportShot(admin.page, 'standards-access-dark-1280');
    await access.getByRole('button', { name: 'Сохранить' }).click();
    await access.waitFor({ state: 'detached' });
    await admin.page.getByText('Изменения успешно сохранены').waitFor();
    await screenshot(admin.page, 'standards-admin-dark-1280');

    await curator.page.reload();
    await curator.page.getByRole('region', { name: 'Доступные стандарты' }).getByRole('button', { name: /Сроки проверки/ }).waitFor();
    expect(await curator.page.getByRole('region', { name: 'Устные зачёты' }).count()).toBe(0);
    expect(await curator.page.getByText('Приём устного зачёта').count()).toBe(0);
    await curator.context.close();
    await admin.context.close();
  });

  it('shows a link as a card to open in a new tab, never as a frame of the other site', async () => {
    for (const [dark, width, height] of [[false, 1280, 800], [true, 1280, 800], [false, 390, 844], [true, 390, 844]] as const) {
      const { page, context } = await e2e.openPage({ width, height });
      const foreign: string[] = [];
      context.on('request', (request) => {
        if (new URL(request.url()).hostname.endsWith('fipi.ru')) foreign.push(request.url());
      });
      await signInAs(page, 'curator', { dark });
      await openStandards(page);
      await page.getByRole('region', { name: 'Доступные стандарты' }).getByRole('button', { name: /Комментарии к заданиям второй части/ }).click();
      const view = dialog(page, 'Комментарии к заданиям второй части');
      const card = view.getByRole('region', { name: 'Куда ведёт ссылка' });
      await card.getByText('Страница сайта').waitFor();
      await card.getByText('fipi.ru', { exact: true }).waitFor();
      const open = card.getByRole('link', { name: 'Открыть в новой вкладке' });
      expect(await open.getAttribute('href')).toBe('https://fipi.ru/ege/demoversii-specifikacii-kodifikatory');
      expect(await open.getAttribute('target')).toBe('_blank');
      expect(await open.getAttribute('rel')).toContain('noopener');
      // The only frame is the description's: no other site is loaded into our page.
      expect(await view.locator('iframe').count()).toBe(1);
      expect(await view.locator('iframe').getAttribute('title')).toBe('Описание стандарта');
      await card.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await viewportShot(page, `standards-link-card-${dark ? 'dark' : 'light'}-${width}`);
      expect(foreign).toEqual([]);
      await context.close();
    }
  });

  it('fits a phone screen in the dark theme', async () => {
    const { page, context } = await e2e.openPage({ width: 375, height: 760 });
    await signInAs(page, 'curator', { dark: true });
    await openStandards(page);
    await page.getByRole('button', { name: 'Последние 50' }).click();
    await page.getByText('Пишу лично только при просрочке больше пяти дней').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'standards-curator-dark-375');
    // A latest comment opens its standard.
    await page.getByRole('button', { name: 'Напоминание об оплате', exact: true }).click();
    const payment = dialog(page, 'Напоминание об оплате');
    await payment.getByText('Пишу лично только при просрочке больше пяти дней').waitFor();
    await payment.getByRole('button', { name: 'Закрыть', exact: true }).click();
    await payment.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Сроки проверки домашних заданий/ }).first().click();
    await dialog(page, 'Сроки проверки домашних заданий').frameLocator('iframe[title="Описание стандарта"]').getByText('не позднее 48 часов').waitFor();
    await viewportShot(page, 'standards-popup-dark-375');
    await context.close();
  });
});
