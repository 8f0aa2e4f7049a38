/** 'Фамилия Имя' as the back office lists people; a placeholder when both are empty. */
export const fullName = (row: { surname: string; name: string }): string => `${row.surname} ${row.name}`.trim() || 'Имя не задано';
