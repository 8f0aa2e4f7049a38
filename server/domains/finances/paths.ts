/** Where the acquirer posts payment notifications (given to it as NotificationURL). */
export const PAYMENT_NOTIFICATION_PATH = '/app/api/payments/notification.php';

/** Where the payer returns after paying or refusing. */
export const FINANCES_PAGE_PATH = '/study/finances';
