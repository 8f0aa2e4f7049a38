/** Texts of the page a plain http:// address gets instead of the app (main.tsx). Loaded only with that page. */
export const ruInsecureOrigin = {
  documentTitle: 'Нужен адрес https — Енот',
  title: 'Сайт школы нужно открыть по адресу https://',
  lead: 'Этот адрес открыт без шифрования (http://). На таком адресе браузер не даёт «Еноту» защитить вход и ваши ответы, поэтому приложение здесь не работает.',
  studentTitle: 'Что сделать ученику',
  studentText: 'Откройте тот же сайт по защищённому адресу:',
  openHttps: 'Открыть по https',
  studentFallback: 'Если он не открывается или браузер предупреждает об опасности, сообщите об этом куратору или в школу.',
  adminTitle: 'Что сделать администратору школы',
  adminText:
    'Подключите к адресу школы сертификат TLS (бесплатный — от Let’s Encrypt через certbot) и перенаправление с http на https, а серверу укажите PUBLIC_URL=https://… Пошаговая инструкция — в README, раздел «HTTPS».',
};
