import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import { curatorChoices, groupStudents } from './group-scope';
import { forecastDistribution, medianCheckTime, missedElements } from './group-summary';
import { learningRows } from './student-learning';

/** The «Группа» view: a learning row per student and the group's figures; the xlsx export reads the same. */
export async function groupProgress(db: Db, viewer: CurrentUser, curatorKey: string, now: number) {
  const { students, limited, everyone } = await groupStudents(db, viewer, curatorKey);
  const ids = students.map((student) => student.id);
  const [rows, names, check, curators] = await Promise.all([
    learningRows(db, students, now),
    db.selectFrom('exam_elements').select(['code', 'name']).execute(),
    medianCheckTime(db, ids, now),
    everyone ? curatorChoices(db) : Promise.resolve([]),
  ]);
  return {
    students: rows.map((item) => item.row),
    limited: limited ? ('1' as const) : ('0' as const),
    missed: missedElements(rows, new Map(names.map((row) => [row.code, row.name]))),
    distribution: forecastDistribution(rows),
    medianCheckHours: check.hours,
    checkedWorks: check.works,
    curators,
  };
}
