/** Texts of the materials term search (spec texts verbatim). Imported only by its own screen. */
export const ruMaterials = {
  terms: {
    title: 'Поиск терминов',
    label: 'Термин',
    placeholder: 'Введите термин, например «Инфляция»',
    hint: 'Введите термин из курса, чтобы увидеть его определение.',
    /** Spec learning §8. */
    notFound: 'Определение не найдено',
    error: (message: string) => `Ошибка поиска термина: ${message}`,
    lesson: (lessonNum: number) => `Урок ${lessonNum}`,
  },
} as const;
