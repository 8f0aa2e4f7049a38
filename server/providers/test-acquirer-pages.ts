/**
 * HTML of the built-in test acquirer's payment page. Small, self-contained (no scripts), in
 * Russian, and plainly marked as a test page so nobody takes it for a real bank.
 */

/** Where the payment page lives on our own server. */
export const TEST_ACQUIRER_PATH = '/test-acquirer/pay';

export interface TestCard {
  pan: string;
  expDate: string;
  label: string;
}

/** Cards the page offers when the payment saves one; the last one declines recurrent charges. */
export const TEST_CARDS: readonly TestCard[] = [
  { pan: '430000******0777', expDate: '1230', label: 'Visa •••• 0777' },
  { pan: '550000******0777', expDate: '1230', label: 'Mastercard •••• 0777' },
  { pan: '220000******0777', expDate: '1230', label: 'МИР •••• 0777' },
  { pan: '430000******0051', expDate: '1230', label: 'Visa •••• 0051 — автосписания по ней отклоняются' },
];

const STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #1d1f24; --muted: #5d6270; --line: #d9dce3; --accent: #2f6fed; --on-accent: #fff; --warn-bg: #fff4d6; --warn: #7a5400; }
@media (prefers-color-scheme: dark) { :root { --bg: #15171c; --card: #1f2229; --text: #eceef3; --muted: #a3a9b6; --line: #363a44; --accent: #6b9bff; --on-accent: #0b1530; --warn-bg: #3a3016; --warn: #f3d27a; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 16px; background: var(--bg); color: var(--text); font: 16px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
main { width: 100%; max-width: 440px; background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 24px; }
h1 { font-size: 20px; margin: 0 0 12px; }
.badge { background: var(--warn-bg); color: var(--warn); border-radius: 8px; padding: 10px 12px; font-size: 14px; margin-bottom: 16px; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0 0 16px; }
dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
.amount { font-size: 28px; font-weight: 700; margin: 4px 0 16px; }
fieldset { border: 1px solid var(--line); border-radius: 10px; margin: 0 0 16px; padding: 8px 12px; }
legend { color: var(--muted); font-size: 14px; padding: 0 4px; }
label { display: flex; gap: 8px; align-items: center; padding: 4px 0; }
.actions { display: flex; gap: 12px; flex-wrap: wrap; }
button, a.button { flex: 1 1 140px; font: inherit; font-weight: 600; padding: 12px 16px; border-radius: 10px; border: 1px solid var(--line); background: transparent; color: var(--text); cursor: pointer; text-align: center; text-decoration: none; }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
button:focus-visible, a.button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
p { margin: 0 0 16px; }
`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** 150000 → '1 500 ₽', 150 → '1,50 ₽'. */
export function formatRoubles(kopecks: number): string {
  const roubles = Math.trunc(kopecks / 100);
  const rest = Math.abs(kopecks % 100);
  const whole = String(roubles).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${whole}${rest ? `,${String(rest).padStart(2, '0')}` : ''}\u00a0₽`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const BADGE = '<div class="badge" role="note"><strong>Тестовая страница оплаты.</strong> Это встроенный тестовый эквайринг платформы «Енот»: банк не подключён, деньги не списываются.</div>';

/** Acquirer statuses in words. */
const STATUS_TEXT: Record<string, string> = {
  NEW: 'ожидает оплаты',
  AUTHORIZED: 'деньги заморожены на карте',
  CONFIRMED: 'оплачен',
  REJECTED: 'отклонён',
  REVERSED: 'отменён, деньги разморожены',
  REFUNDED: 'деньги возвращены на карту',
};

export interface PaymentPageData {
  paymentId: string;
  amountKopecks: number;
  description: string;
  orderId: string;
  status: string;
  saveCard: boolean;
  backUrl: string;
}

/** The page with 'Оплатить' / 'Отклонить'; a payment already processed shows its state instead. */
export function renderPaymentPage(data: PaymentPageData): string {
  const facts = `<dl><dt>Назначение</dt><dd>${escapeHtml(data.description)}</dd><dt>Заказ</dt><dd>${escapeHtml(data.orderId)}</dd></dl>`;
  if (data.status !== 'NEW') {
    return page(
      'Платёж уже обработан',
      `${BADGE}<h1>Платёж уже обработан</h1><div class="amount">${formatRoubles(data.amountKopecks)}</div>${facts}<p>Состояние: ${escapeHtml(STATUS_TEXT[data.status] ?? data.status)}.</p><div class="actions"><a class="button" href="${escapeHtml(data.backUrl)}">Вернуться на платформу</a></div>`,
    );
  }
  const cards = data.saveCard
    ? `<fieldset><legend>Тестовая карта (будет сохранена для автоплатежей)</legend>${TEST_CARDS.map(
        (card, index) => `<label><input type="radio" name="card" value="${index}"${index === 0 ? ' checked' : ''}> ${escapeHtml(card.label)}</label>`,
      ).join('')}</fieldset>`
    : '<input type="hidden" name="card" value="0">';
  return page(
    'Тестовая оплата',
    `${BADGE}<h1>Оплата заказа</h1><div class="amount">${formatRoubles(data.amountKopecks)}</div>${facts}` +
      `<form method="post" action="${TEST_ACQUIRER_PATH}/${encodeURIComponent(data.paymentId)}">${cards}` +
      '<div class="actions"><button class="primary" type="submit" name="action" value="pay">Оплатить</button>' +
      '<button type="submit" name="action" value="decline">Отклонить</button></div></form>',
  );
}

/** A short page with one message and a way back. */
export function renderResultPage(message: string, backUrl: string): string {
  return page(
    'Тестовая оплата',
    `${BADGE}<h1>${escapeHtml(message)}</h1><div class="actions"><a class="button" href="${escapeHtml(backUrl)}">Вернуться на платформу</a></div>`,
  );
}
