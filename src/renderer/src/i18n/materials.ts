/** Texts of the materials screens (spec texts verbatim). Imported only by them. */
export const ruMaterials = {
  unknown: {
    /** Spec learning §8: 'Неизвестный селект ...' with the address part that is not a search. */
    message: (value: string) => `Неизвестный селект ${value}`,
    choose: 'Такого раздела в «Материалах» нет. Выберите поиск:',
  },
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
