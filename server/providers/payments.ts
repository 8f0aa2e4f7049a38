/**
 * The acquiring provider (ARCHITECTURE §7): T-Bank acquiring API v2 when configured, otherwise the
 * built-in test acquirer that drives the same notification flow. Amounts are integer kopecks.
 */

export interface InitPaymentRequest {
  /** Our order id (unique per attempt); echoed back in notifications. */
  orderId: string;
  amountKopecks: number;
  description: string;
  /** Stable per user: cards and rebills are bound to it. */
  customerKey: string;
  email?: string;
  /** Ask the provider to save the card for recurrent charges (subscriptions, card binding). */
  recurrent?: boolean;
  /** Card binding: freeze then release (1 rouble) instead of a real charge. */
  cardBinding?: boolean;
  successUrl?: string;
  failUrl?: string;
}

export interface InitPaymentResult {
  paymentId: string;
  paymentUrl: string;
}

/** What a confirmed (or refused) payment tells us, after the notification's token was checked. */
export interface PaymentNotification {
  orderId: string;
  paymentId: string;
  /** Provider status: AUTHORIZED, CONFIRMED, REJECTED, REVERSED, REFUNDED, … */
  status: string;
  success: boolean;
  amountKopecks: number;
  /** Present when a card was saved. */
  rebillId?: string;
  cardId?: string;
  /** Masked card number, e.g. 430000******0777. */
  pan?: string;
  expDate?: string;
  errorCode?: string;
}

export interface ChargeResult {
  paymentId: string;
  status: string;
  success: boolean;
  message?: string;
}

export interface PaymentProvider {
  /** 'tbank', 'test', or 'none' when no bank is connected (payments-disabled.ts). */
  readonly kind: string;
  init(request: InitPaymentRequest): Promise<InitPaymentResult>;
  /** Checks a notification's token and parses it; null when the token does not match. */
  verifyNotification(body: Record<string, unknown>): PaymentNotification | null;
  /** Current state of a payment (reconciliation when a notification was lost). */
  getState(paymentId: string): Promise<{ status: string; success: boolean }>;
  /** Recurrent charge of a saved card (subscription renewals). */
  charge(request: { orderId: string; amountKopecks: number; rebillId: string; description: string; customerKey: string }): Promise<ChargeResult>;
  /**
   * Releases a two-stage hold (AUTHORIZED → REVERSED) or refunds a confirmed payment; card binding
   * uses it to give the 1 rouble back at once.
   */
  cancel(request: { paymentId: string; amountKopecks?: number }): Promise<{ status: string; success: boolean }>;
  /** Removes a saved card at the provider. */
  removeCard(request: { customerKey: string; cardId: string }): Promise<void>;
}

/** A provider refusal or outage to show the user as is (Russian). */
export class PaymentProviderError extends Error {}
