import ExcelJS from 'exceljs';
import type { Hono } from 'hono';
import { exportGroupProgressData, exportGroupProgressXlsx, type StudentLearning } from '../../../src/shared/contract/learning';
import { accessAllowed } from '../../auth/current-user';
import { SIGNED_REQUEST_MAX_BYTES } from '../../contract/bounded-body';
import { CallFailure, MESSAGES } from '../../contract/errors';
import { refuseRequest, signedJson } from '../../contract/signed-caller';
import type { AppEnv } from '../../contract/http-router';
import type { Services } from '../../services';
import { groupProgress } from './group-progress';

type Group = Awaited<ReturnType<typeof groupProgress>>;

/** Column headers of the students sheet, in order. */
export const GROUP_EXPORT_COLUMNS = ['Фамилия', 'Имя', 'Куратор', 'Цель', 'Прогноз', 'Прогноз от', 'Прогноз до', 'Ответов всего', 'Слабые элементы', 'Ответов за 7 дней', 'Просрочено ДЗ, 1 часть', 'Просрочено ДЗ, 2 часть', 'Просрочено зачётов', 'В зоне риска'] as const;

const RISK_TEXT: Record<StudentLearning['riskReasons'][number], string> = { belowGoal: 'прогноз ниже цели', inactive: 'нет активности 7 дней' };

/** The group as an .xlsx workbook: one row per student, then the group's figures on a second sheet. */
export async function groupWorkbook(group: Group): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Енот';
  const sheet = workbook.addWorksheet('Ученики');
  sheet.columns = GROUP_EXPORT_COLUMNS.map((header, index) => ({ header, key: String(index), width: [16, 14, 22, 8, 10, 11, 11, 10, 50, 12, 12, 12, 12, 30][index] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of group.students) {
    sheet.addRow([
      row.userSurname,
      row.userName,
      row.curatorName,
      row.goal,
      row.enoughData === '1' ? row.testScore : 'мало данных',
      row.testLow,
      row.testHigh,
      row.answers,
      row.weakest.slice(0, 3).map((element) => `${element.code} ${element.name} (${element.mastery} %)`).join('; '),
      row.activity.reduce((sum, day) => sum + day.answers, 0),
      row.overdue.homeworkP1,
      row.overdue.homeworkP2,
      row.overdue.credits,
      row.atRisk === '1' ? `да: ${row.riskReasons.map((reason) => RISK_TEXT[reason]).join(', ')}` : 'нет',
    ]);
  }
  const summary = workbook.addWorksheet('Группа');
  summary.columns = [{ width: 46 }, { width: 16 }, { width: 16 }];
  summary.addRow(['Учеников', group.students.length]);
  summary.addRow(['В зоне риска', group.students.filter((row) => row.atRisk === '1').length]);
  summary.addRow(['Медиана от сдачи до проверки 2 части, ч', group.medianCheckHours ?? 'нет проверок']);
  summary.addRow([]);
  summary.addRow(['Прогноз, баллов', 'Учеников']).font = { bold: true };
  group.distribution.forEach((count, band) => summary.addRow([band === 9 ? '90–100' : `${band * 10}–${band * 10 + 9}`, count]));
  summary.addRow([]);
  summary.addRow(['Элементы, которые чаще не усвоены', 'Ниже 50 %', 'Из учеников']).font = { bold: true };
  for (const element of group.missed) summary.addRow([`${element.code} ${element.name}`, element.below, element.students]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST /app/api/progress/export_group_progress.php: a signed JSON body, answered with file.xlsx. */
export function mountGroupExport(app: Hono<AppEnv>, services: Services): void {
  app.post(exportGroupProgressXlsx.path, signedJson(services, exportGroupProgressXlsx.path, { maxBytes: SIGNED_REQUEST_MAX_BYTES }), async (c) => {
    const { user } = c.get('caller')!;
    if (!(await accessAllowed(exportGroupProgressXlsx.access, user, await services.iconRules.get()))) return refuseRequest(c, 403, 'denied', '0', MESSAGES.forbidden);
    const parsed = exportGroupProgressData.safeParse(c.get('input'));
    if (!parsed.success) return refuseRequest(c, 400, 'invalid', '0', 'Поле "curatorId": ожидался ключ куратора');
    let group: Group;
    try {
      group = await groupProgress(services.db, user, parsed.data.curatorId, services.clock.now());
    } catch (error) {
      // A refused filter (someone else's curator, an unknown key) answers as the call would.
      if (error instanceof CallFailure) return refuseRequest(c, 403, 'denied', '0', error.message);
      throw error;
    }
    const body = await groupWorkbook(group);
    services.log.info(`learning group export: ${group.students.length} students, ${body.length} bytes for user ${user.id}`);
    return c.body(new Uint8Array(body), 200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="group.xlsx"',
      'cache-control': 'no-store',
    });
  });
}
