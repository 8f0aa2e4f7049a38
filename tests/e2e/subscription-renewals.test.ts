import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { getActiveSubs } from '../../src/shared/contract/finances';
import { JobRunner, jobDefinitions } from '../../server/jobs';
import { screenshot, signInThroughForm } from '../helpers/browser';
import { useE2e } from '../helpers/e2e';

const HOUR = 3_600_000;
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The server half of renewals as the subscriber sees it: the demo subscription's renewal is run by
 * the durable job runner against the built-in test acquirer with a card that declines, and the
 * finances screen shows the failure, then the pause, then the recovery after resuming.
 */
describe('subscription renewal failures on the finances screen', () => {
  let runner: JobRunner;
  let paydate: number;
  let userId: number;

  /** Switches the subscriber's saved card between the test acquirer's declining and approving cards. */
  async function useCard(suffix: '0051' | '0777') {
    const { db } = e2e.server.server.services;
    const card = await db.selectFrom('payment_cards').select('rebill_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    await db.updateTable('test_acquirer_cards').set({ pan: `430000******${suffix}` }).where('rebill_id', '=', card.rebill_id).execute();
    await db.updateTable('payment_cards').set({ masked_pan: `430000******${suffix}` }).where('user_id', '=', userId).execute();
  }

  async function openFinances(page: Page) {
    await signInThroughForm(page, 'subscription');
    await page.waitForURL(/\/study\/(today|roadmap|lk)$/);
    await page.goto('/study/finances');
    await page.getByRole('heading', { name: 'Подписки' }).waitFor();
    await page.getByTestId('subscription').first().waitFor();
  }

  const e2e = useE2e();
  beforeAll(async () => {
    // The test decides when renewals run.
    await e2e.server.server.jobs.stop();
    runner = new JobRunner(e2e.server.server.services, jobDefinitions);
    const { db } = e2e.server.server.services;
    userId = (await db.selectFrom('users').select('id').where('login', '=', 'subscription').executeTakeFirstOrThrow()).id;
    paydate = (await db.selectFrom('subscriptions').select('paydate').where('user_id', '=', userId).executeTakeFirstOrThrow()).paydate;
  });

  it('shows a declined renewal with the next attempt, in light and dark, wide and narrow', async () => {
    await useCard('0051');
    expect(await runner.runDue(paydate)).toBe(1);
    for (const width of [1280, 390]) {
      for (const dark of [false, true]) {
        const { page, context, errors } = await e2e.openPage({ width, height: 900 });
        await page.goto('/study/login');
        await page.evaluate((isDark) => localStorage.setItem('dark_theme', isDark ? '1' : '0'), dark);
        await openFinances(page);
        const status = page.getByTestId('sub-status');
        await status.waitFor();
        expect(plain(await status.textContent())).toMatch(
          /^Не удалось списать оплату: банк отказал: недостаточно средств на карте\. Следующая попытка — \d{2}\.\d{2}\.\d{4} в \d{2}:\d{2}\.$/,
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.getByTestId('subscription').first().scrollIntoViewIfNeeded();
        await screenshot(page, `subs-renewal-declined-${dark ? 'dark' : 'light'}-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });

  it('after every retry fails shows the pause; resuming with a working card renews it', async () => {
    for (const at of [paydate + HOUR, paydate + 7 * HOUR, paydate + 31 * HOUR]) expect(await runner.runDue(at)).toBe(1);
    const { page, context, errors } = await e2e.openPage({ width: 1280, height: 900 });
    await openFinances(page);
    await page.getByTestId('sub-status').waitFor();
    expect(plain(await page.getByTestId('sub-status').textContent())).toBe(
      'Оплата не прошла: банк отказал: недостаточно средств на карте. Подписка приостановлена: проверьте карту и возобновите подписку.',
    );
    await page.getByTestId('subscription').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'subs-renewal-paused-light-1280');

    // The subscriber switches to a working card and resumes from the screen: the charge is tried at once.
    await useCard('0777');
    const live = await (await e2e.server.signIn('subscription')).openLive();
    expect((await live.request(getActiveSubs, {})).activeSubs[0]).toMatchObject({ paymentFailed: '1', isPaused: '1' });
    await page.getByTestId('sub-resume').click();
    const resume = page.getByRole('dialog', { name: 'Возобновление подписки' });
    await resume.getByRole('button', { name: 'Возобновить' }).click();
    await resume.waitFor({ state: 'detached' });
    expect(await runner.runDue(Date.now())).toBe(1);
    const [renewed] = (await live.request(getActiveSubs, {})).activeSubs;
    expect(renewed).toMatchObject({ isCancelled: '0', paymentFailed: '0', isPaused: '0', statusText: '' });
    live.close();

    await page.reload();
    const row = page.getByTestId('subscription').first();
    await row.waitFor();
    expect(plain(await row.textContent())).toContain(`Активна, продлится ${renewed!.paydate}`);
    expect(await page.getByTestId('sub-status').count()).toBe(0);
    // The history shows the card charge and the renewal it paid for, newest first.
    await page.getByRole('button', { name: /История операций/ }).click();
    const operations = page.getByTestId('operation');
    await operations.first().waitFor();
    expect(plain(await operations.nth(0).textContent())).toContain('Продление подписки');
    expect(plain(await operations.nth(1).textContent())).toContain('Оплата картой');
    await screenshot(page, 'subs-renewal-renewed-light-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
