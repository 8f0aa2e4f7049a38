import type { ChargeResult, PaymentProvider } from '../../providers/payments';

type ChargeRequest = Parameters<PaymentProvider['charge']>[0];

/**
 * A payment provider for renewal tests: answers recurrent charges from a script (approve, decline
 * with a bank message, or throw as an outage), records every charge, and can take its time so two
 * runners overlap. Like a bank with unique order ids, it never approves one order twice.
 */
export class ScriptedPayments implements PaymentProvider {
  readonly kind = 'scripted';
  readonly charges: ChargeRequest[] = [];
  /** Orders the "bank" approved: what the card was really charged. */
  readonly approved: string[] = [];
  private readonly script: Array<'approve' | 'outage' | { decline: string }> = [];
  delayMs = 0;

  /** Queues the next answers; once the script runs out every charge is approved. */
  next(...answers: Array<'approve' | 'outage' | { decline: string }>): this {
    this.script.push(...answers);
    return this;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(request);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const answer = this.script.shift() ?? 'approve';
    if (answer === 'outage') throw new Error('connect ECONNREFUSED');
    if (answer !== 'approve') return { paymentId: `p${this.charges.length}`, status: 'REJECTED', success: false, message: answer.decline };
    if (this.approved.includes(request.orderId)) return { paymentId: `p${this.charges.length}`, status: 'REJECTED', success: false, message: 'Заказ уже оплачен' };
    this.approved.push(request.orderId);
    return { paymentId: `p${this.charges.length}`, status: 'CONFIRMED', success: true };
  }

  init(): never {
    throw new Error('not used by renewals');
  }
  verifyNotification(): null {
    return null;
  }
  getState(): never {
    throw new Error('not used by renewals');
  }
  cancel(): never {
    throw new Error('not used by renewals');
  }
  async removeCard(): Promise<void> {}
}
