import type { UserProfile, UserSet } from '@shared/contract/crm';

export type EditableField = keyof UserSet;

/** The card's editable fields by block (§2.6: personal and course blocks, plus goals). */
export const BLOCKS: Record<'personal' | 'course' | 'goals', EditableField[]> = {
  personal: ['userSurname', 'userName', 'userOtch', 'userRegion', 'userBdate', 'userClassNumber', 'userTel', 'userEmail', 'userTgNickname'],
  course: ['userType', 'userBlocked', 'userTarifNum', 'userTarif', 'userPayday', 'userStartCourseDate', 'userZachet', 'withMistakeWork', 'userCurator', 'userCuratorDz', 'userCuratorZach'],
  goals: ['userGoalBall', 'userGoalVuz', 'userGoalBudzhet', 'userOsobennosti'],
};

export type FormValues = Record<EditableField, string>;

export function formValuesOf(profile: UserProfile): FormValues {
  const values = {} as FormValues;
  for (const field of Object.values(BLOCKS).flat()) values[field] = String(profile[field as keyof UserProfile] ?? '');
  return values;
}

/** §5 'Profile edit': only the fields that differ, compared trimmed as strings. */
export function changedFields(original: FormValues, current: FormValues): Partial<FormValues> {
  const changes: Partial<FormValues> = {};
  for (const field of Object.keys(current) as EditableField[]) {
    if (current[field].trim() !== original[field].trim()) changes[field] = current[field].trim();
  }
  return changes;
}
