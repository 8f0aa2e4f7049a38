/** The texts every upload route shows (spec wording where the spec has one). */
export const UPLOAD_MESSAGES = {
  noFile: 'Выберите файл для загрузки.',
  malformed: 'Некорректный запрос загрузки файла.',
  /** The signed `data` part did not arrive within UPLOAD_DATA_TIMEOUT_MS (HTTP 408). */
  tooSlow: 'Загрузка не началась вовремя: соединение слишком медленное. Проверьте интернет и загрузите файл ещё раз.',
  fileFirst: 'Файл пришёл раньше данных о нём. Обновите страницу и загрузите файл ещё раз.',
  imageType: 'Разрешены только форматы jpeg, jpg, png, gif',
  imageSize: 'Размер файла не должен превышать 10 МБ',
  imageBroken: 'Файл повреждён: картинку не удаётся прочитать',
  imagePixels: 'Картинка слишком большая: не больше 40 мегапикселей и не больше 16 384 точек по стороне',
} as const;
