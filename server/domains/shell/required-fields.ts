import type { REQUIRED_FIELD_NAMES } from '../../../src/shared/contract/shell';
import type { Db } from '../../db';
import type { UserRow, UserUpdate } from '../../db/schema';

type FieldName = (typeof REQUIRED_FIELD_NAMES)[number];

interface FieldRule {
  name: string;
  type: 'string' | 'datetime' | 'number' | 'text';
  length: number;
  /** Filled in the stored profile. */
  filled: (user: UserRow) => boolean;
  /** Checks a submitted value; returns the column update or a Russian reason. */
  parse: (value: string, db: Db) => Promise<UserUpdate | string>;
}

const nameRule = (name: string, column: 'surname' | 'name'): FieldRule => ({
  name,
  type: 'string',
  length: 50,
  filled: (user) => user[column].trim() !== '',
  parse: async (value) => {
    const trimmed = value.trim();
    if (!/^[А-Яа-яЁёA-Za-z][А-Яа-яЁёA-Za-z' -]*$/.test(trimmed)) return 'допустимы только буквы, пробел и дефис';
    return trimmed.length > 50 ? 'не длиннее 50 символов' : { [column]: trimmed };
  },
});

/** The profile fields every student must fill (shell §3.7, §5), with server-side checks. */
export const REQUIRED_FIELDS: Record<FieldName, FieldRule> = {
  user_surname: nameRule('Фамилия', 'surname'),
  user_name: nameRule('Имя', 'name'),
  user_bdate: {
    name: 'Дата рождения',
    type: 'datetime',
    length: 10,
    filled: (user) => user.birth_date !== null,
    parse: async (value) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
      const date = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : null;
      if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.trim()) {
        return 'ожидалась дата в формате ГГГГ-ММ-ДД';
      }
      const year = Number(match[1]);
      const thisYear = new Date().getUTCFullYear();
      if (year < thisYear - 80 || year > thisYear - 8) return 'проверьте год рождения';
      return { birth_date: value.trim() };
    },
  },
  user_class_number: {
    name: 'Класс',
    type: 'number',
    length: 2,
    filled: (user) => user.class_number !== null,
    parse: async (value) => {
      if (!/^\d{1,2}$/.test(value.trim())) return 'только цифры';
      const grade = Number(value);
      return grade >= 1 && grade <= 11 ? { class_number: grade } : 'класс от 1 до 11';
    },
  },
  user_tel: {
    name: 'Телефон',
    type: 'number',
    length: 15,
    filled: (user) => user.phone !== '',
    parse: async (value) => (/^\d{10,15}$/.test(value.trim()) ? { phone: value.trim() } : 'от 10 до 15 цифр'),
  },
  user_email: {
    name: 'Почта',
    type: 'string',
    length: 100,
    filled: (user) => user.email !== '',
    parse: async (value) => {
      const email = value.trim().toLowerCase();
      return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email) && email.length <= 100 ? { email } : 'проверьте адрес почты';
    },
  },
  user_region: {
    name: 'Регион',
    type: 'number',
    length: 3,
    filled: (user) => user.region_number !== null,
    parse: async (value, db) => {
      if (!/^\d{1,3}$/.test(value.trim()) || Number(value) === 0) return 'регион не выбран';
      const region = await db.selectFrom('regions').select('number').where('number', '=', Number(value)).executeTakeFirst();
      return region ? { region_number: region.number } : 'такого региона нет';
    },
  },
};

/** Students fill everything; staff only their names. */
export function requiredFieldNames(isStaff: boolean): FieldName[] {
  const all = Object.keys(REQUIRED_FIELDS) as FieldName[];
  return isStaff ? ['user_surname', 'user_name'] : all;
}
