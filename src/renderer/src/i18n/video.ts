/** Texts of the video player (spec texts verbatim). Imported only by video features. */
export const ruVideo = {
  player: {
    label: 'Видеоплеер',
    loading: 'Загрузка видео',
    /** Learning-area §8. */
    loadError: 'Ошибка загрузки плеера',
    signedOut: 'Войдите снова, чтобы смотреть видео.',
  },
} as const;
