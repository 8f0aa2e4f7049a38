import type { Config } from '../../config';
import type { Db } from '../../db';
import type { Logger } from '../../log';
import type { PaymentProvider } from '../../providers/payments';
import { createTbankProvider } from '../../providers/tbank';
import { createDisabledPayments } from '../../providers/payments-disabled';
import { createTestAcquirer } from '../../providers/test-acquirer';
import { FINANCES_PAGE_PATH, PAYMENT_NOTIFICATION_PATH } from './paths';

/**
 * T-Bank when TBANK_TERMINAL_KEY and TBANK_PASSWORD are set; otherwise the built-in test acquirer
 * on a local install (PAYMENTS_TEST_ACQUIRER), or no payments at all: every attempt is refused with
 * a message saying so, never pretending to take money.
 * `publicUrl` is a getter: with PORT=0 the address is known only once the server listens.
 */
export async function createPaymentProvider(deps: { config: Config; db: Db; log: Logger; now: () => number; publicUrl: () => string }): Promise<PaymentProvider> {
  const { config } = deps;
  const notificationUrl = () => `${deps.publicUrl()}${PAYMENT_NOTIFICATION_PATH}`;
  if (config.TBANK_TERMINAL_KEY && config.TBANK_PASSWORD) {
    return createTbankProvider({
      apiUrl: config.TBANK_API_URL,
      terminalKey: config.TBANK_TERMINAL_KEY,
      password: config.TBANK_PASSWORD,
      notificationUrl,
      returnUrl: () => `${deps.publicUrl()}${FINANCES_PAGE_PATH}`,
      receipt: config.TBANK_RECEIPT_TAXATION ? { taxation: config.TBANK_RECEIPT_TAXATION, tax: config.TBANK_RECEIPT_TAX } : undefined,
    });
  }
  if (!config.PAYMENTS_TEST_ACQUIRER) {
    deps.log.warn('Оплата не подключена: задайте TBANK_TERMINAL_KEY и TBANK_PASSWORD (или PAYMENTS_TEST_ACQUIRER=on для проверки без денег)');
    return createDisabledPayments();
  }
  deps.log.info('Оплата: встроенный тестовый эквайринг (деньги не списываются); T-Bank включают TBANK_TERMINAL_KEY и TBANK_PASSWORD');
  return createTestAcquirer({ db: deps.db, log: deps.log, now: deps.now, publicUrl: deps.publicUrl, notificationUrl });
}
