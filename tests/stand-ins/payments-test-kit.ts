import { getTinkoffPaymentLink } from '../../src/shared/contract/finances';
import { tbankToken } from '../../server/providers/tbank';
import { isTestAcquirer, TEST_TERMINAL_KEY } from '../../server/providers/test-acquirer';
import type { TestClient } from '../helpers/client';
import type { TestServer } from '../helpers/server';
import { PAYMENT_NOTIFICATION_PATH } from '../../server/domains/finances/paths';

/** Helpers for payment tests: signed notifications as the acquirer sends them, and browser-like page posts. */

/** The built-in test acquirer's secret of this server. */
export function acquirerSecret(server: TestServer): string {
  const payments = server.server.services.payments;
  if (!isTestAcquirer(payments)) throw new Error('the test server does not run the test acquirer');
  return payments.secret;
}

/** A notification body signed as the acquirer signs it (T-Bank token algorithm). */
export function signedNotification(fields: Record<string, unknown>, password: string, terminalKey = TEST_TERMINAL_KEY): Record<string, unknown> {
  const body: Record<string, unknown> = { TerminalKey: terminalKey, Success: true, ErrorCode: '0', ...fields };
  body.Token = tbankToken(body, password);
  return body;
}

/** Posts a notification to our webhook; status and plain-text body. */
export async function postNotification(server: TestServer, body: Record<string, unknown>): Promise<{ status: number; text: string }> {
  const response = await fetch(server.url + PAYMENT_NOTIFICATION_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Starts a top-up and returns its order as stored. */
export async function startTopUp(server: TestServer, client: TestClient, rubles: number) {
  const { paymentUrl } = await client.call(getTinkoffPaymentLink, { amount: String(rubles) });
  const paymentId = paymentUrl.split('/').pop()!;
  const order = await server.server.services.db.selectFrom('payment_orders').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
  return { paymentUrl, paymentId, order };
}

/** Ledger rows of an order (its own number and its -release / -refund companions). */
export async function ledgerOf(server: TestServer, orderNumber: string) {
  return server.server.services.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where((eb) => eb.or([eb('order_number', '=', orderNumber), eb('order_number', 'like', `${orderNumber}-%`)]))
    .orderBy('id')
    .execute();
}

/** Submits the test acquirer's page the way a browser does (form post, redirect not followed). */
export async function submitPaymentPage(paymentUrl: string, action: 'pay' | 'decline', card = 0): Promise<Response> {
  const page = await fetch(paymentUrl);
  const html = await page.text();
  const formAction = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!formAction) throw new Error(`no payment form on the page: ${html.slice(0, 200)}`);
  return fetch(new URL(formAction, paymentUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, card: String(card) }).toString(),
    redirect: 'manual',
  });
}
