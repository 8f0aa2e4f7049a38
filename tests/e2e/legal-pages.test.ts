import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../src/shared/contract';
import { settledScreenshot, signInAs } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

/**
 * Issue 26 item 4: the links of the sign-in page and the top-up popup open real pages, the offer
 * an admin edits is what its page shows, and no address answers a person with JSON.
 */
describe('legal pages and site links in chromium', () => {
  // The school's own course site, outside the platform.
  let courseSite: Server;
  let courseUrl = '';
  const e2e = useE2e();
  beforeAll(async () => {
    courseSite = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Курс</title><h1>Курс обществознания — страница школы</h1>');
    });
    await new Promise<void>((resolve) => courseSite.listen(0, '127.0.0.1', resolve));
    courseUrl = `http://127.0.0.1:${(courseSite.address() as AddressInfo).port}/kurs`;
  });
  afterAll(async () => {
    await new Promise((resolve) => courseSite?.close(resolve));
  });

  const bodyText = (page: Page) => page.locator('body').innerText();

  it('sign-in page: the curators link opens their sign-in; the course link stays hidden until set, then opens the course page', async () => {
    const { page, context, errors } = await e2e.openPage();
    await page.goto('/study/login');
    await page.getByRole('heading', { name: 'Вход', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Страница курса' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Вход для кураторов и выпускников' }).click();
    await page.getByRole('heading', { name: 'Вход для кураторов и выпускников', level: 1 }).waitFor();
    await page.getByText('Войдите по логину и паролю, которые выдала школа.').waitFor();
    // The spec's address /curator leads to the same page.
    await page.goto('/curator');
    await page.waitForURL(/\/study\/login\?for=curator$/);
    await page.getByRole('heading', { name: 'Вход для кураторов и выпускников', level: 1 }).waitFor();

    const socket = await (await e2e.server.signIn('admin')).openLive();
    await socket.request(admin.updateCoursePageUrl, { coursePageUrl: courseUrl });
    socket.close();
    await page.goto('/study/login');
    const course = page.getByRole('link', { name: 'Страница курса' });
    expect(await course.getAttribute('href')).toBe(`${courseUrl}?utm_source=platform&utm_medium=login`);
    const [opened] = await Promise.all([context.waitForEvent('page'), course.click()]);
    await opened.getByRole('heading', { name: 'Курс обществознания — страница школы' }).waitFor();
    // The old /kurs address goes there too.
    await page.goto('/kurs?utm_source=platform');
    await page.getByRole('heading', { name: 'Курс обществознания — страница школы' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('top-up popup: both agreement links open the documents as pages with text', async () => {
    const { page, context, errors } = await e2e.openPage();
    await signInAs(page, 'student');
    await page.goto('/study/finances');
    await page.getByTestId('topup-open').click();
    const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
    for (const [link, title] of [
      ['договора-оферты', 'Договор-оферта'],
      ['политики конфиденциальности', 'Политика конфиденциальности'],
    ] as const) {
      const [opened] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: link }).click()]);
      await opened.getByRole('heading', { name: title, level: 1 }).waitFor();
      await opened.getByText('Это шаблон.').waitFor();
      expect(await bodyText(opened)).not.toContain('"success"');
      await opened.close();
    }
    // The popup is still there, as the student left it.
    expect(await dialog.isVisible()).toBe(true);
    // The old addresses of the documents are pages too.
    await page.goto('/kurs/oferta');
    await page.getByRole('heading', { name: 'Договор-оферта', level: 1 }).waitFor();
    await page.goto('/kurs/privacy');
    await page.getByRole('heading', { name: 'Политика конфиденциальности', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown address shows the 404 page, never JSON', async () => {
    const { page, context } = await e2e.openPage();
    for (const path of ['/no/such/page', '/kurs/unknown', '/study/no_such_screen']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
      expect(await bodyText(page)).not.toContain('Неизвестный метод');
    }
    await context.close();
  });

  it('admin edits the offer in «Документы»; its page shows the new text at once', async () => {
    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInAs(page, 'admin');
    await page.goto('/study/curator/change-variables');
    await page.getByRole('tab', { name: 'Документы' }).click();
    const offer = page.getByRole('region', { name: 'Договор-оферта' });
    await offer.getByText(/Сейчас действует редакция с \d{2}\.\d{2}\.\d{4} \(Начальный шаблон\)/).waitFor();
    await offer.getByLabel('Текст документа (markdown)').fill('## Договор-оферта ООО «Енот»\n\nОплачивая курс, вы принимаете условия **новой редакции**.');
    await offer.getByRole('button', { name: 'Как увидят ученики' }).click();
    await offer.getByRole('heading', { name: 'Договор-оферта ООО «Енот»' }).waitFor();
    await offer.getByRole('button', { name: 'Сохранить новую редакцию' }).click();
    await page.getByText('Сохранено').first().waitFor();
    await offer.getByText(/Сейчас действует редакция с .* \(Миронова Ольга\)/).waitFor();

    await page.goto('/study/oferta');
    await page.getByRole('heading', { name: 'Договор-оферта ООО «Енот»' }).waitFor();
    await page.getByText('новой редакции').waitFor();
    expect(await page.getByText('Это шаблон.').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the curators’ «Старая платформа»: no button while the address is unset; the admin sets it in «Документы»; it opens in a new tab', async () => {
    const curator = await e2e.openPage({ width: 390 });
    await signInAs(curator.page, 'curator');
    await curator.page.goto('/study/curator/standards');
    // The section's buttons are there (the flags arrived) before the absent one is counted.
    await curator.page.getByRole('link', { name: 'Стандарты' }).waitFor();
    expect(await curator.page.getByRole('link', { name: 'Старая платформа' }).count()).toBe(0);
    await curator.context.close();

    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await signInAs(page, 'admin');
    await page.goto('/study/curator/change-variables');
    await page.getByRole('tab', { name: 'Документы' }).click();
    const links = page.getByRole('region', { name: 'Страница курса' });
    await links.getByLabel('Адрес старой платформы').fill('https://old.school.example/');
    await links.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Сохранено').first().waitFor();
    await context.close();

    const again = await e2e.openPage({ width: 390 });
    await signInAs(again.page, 'curator', { dark: true });
    await again.page.goto('/study/curator/standards');
    const button = again.page.getByRole('link', { name: 'Старая платформа' });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe('https://old.school.example/');
    expect(await button.getAttribute('target')).toBe('_blank');
    expect([...errors, ...again.errors]).toEqual([]);
    await again.context.close();
  });

  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      it(`looks right ${dark ? 'dark' : 'light'} at ${width} px`, async () => {
        const tag = `${dark ? 'dark' : 'light'}-${width}`;
        const { page, context, errors } = await e2e.openPage({ width, height: 900 });
        await page.goto('/study/login');
        await page.evaluate((on) => localStorage.setItem('dark_theme', on ? '1' : '0'), dark);
        await page.goto('/study/privacy');
        await page.getByRole('heading', { name: 'Политика конфиденциальности', level: 1 }).waitFor();
        await settledScreenshot(page, `legal-privacy-${tag}`);
        await page.goto('/curator');
        await page.getByRole('heading', { name: 'Вход для кураторов и выпускников', level: 1 }).waitFor();
        await settledScreenshot(page, `legal-curator-login-${tag}`);
        await page.goto('/no/such/page');
        await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
        await settledScreenshot(page, `legal-404-${tag}`);
        await signInAs(page, 'admin', { dark });
        await page.goto('/study/curator/change-variables');
        await page.getByRole('tab', { name: 'Документы' }).click();
        await page.getByRole('region', { name: 'Политика конфиденциальности' }).waitFor();
        await settledScreenshot(page, `legal-documents-tab-${tag}`);
        await page.goto('/study/oferta');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settledScreenshot(page, `legal-oferta-${tag}`);
        // The one expected failure: the unknown address itself answers 404 (with the app's page).
        expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
        await context.close();
      });
    }
  }
});
