import { PaymentProviderError, type PaymentProvider } from './payments';

export const DISABLED_PAYMENTS_KIND = 'none';

/** What a student sees when the school has not connected a bank. */
export const PAYMENTS_DISABLED_TEXT = 'Оплата на платформе пока не подключена. Обратитесь к куратору или в поддержку школы.';

/**
 * No acquiring configured on a public install: every operation is refused with a plain message,
 * notifications are never accepted (no provider can sign them) and nothing is charged.
 */
export function createDisabledPayments(): PaymentProvider {
  const refuse = async (): Promise<never> => {
    throw new PaymentProviderError(PAYMENTS_DISABLED_TEXT);
  };
  return {
    kind: DISABLED_PAYMENTS_KIND,
    init: refuse,
    verifyNotification: () => null,
    getState: refuse,
    charge: refuse,
    cancel: refuse,
    removeCard: refuse,
  };
}
