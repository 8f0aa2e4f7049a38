import ExcelJS from 'exceljs';
import type { Hono } from 'hono';
import { exportChunksData, exportChunksXlsx, type ChunkFilter } from '../../../src/shared/contract/knowledge';
import { accessAllowed } from '../../auth/current-user';
import { SIGNED_REQUEST_MAX_BYTES } from '../../contract/bounded-body';
import { MESSAGES } from '../../contract/errors';
import { refuseRequest, signedJson } from '../../contract/signed-caller';
import type { AppEnv } from '../../contract/http-router';
import type { Db } from '../../db';
import type { Services } from '../../services';

/** Column headers of the export, in order. */
export const EXPORT_COLUMNS = ['chunkId', 'Название', '№ урока', '90+', 'Вид', 'Текст ответа (markdown)', 'Очищенный текст', 'Слов', 'Вопросы'] as const;

/** The working knowledge base as an .xlsx workbook (one row per chunk, linked question ids joined by commas). */
export async function chunksWorkbook(db: Db, filter: ChunkFilter): Promise<Buffer> {
  let query = db.selectFrom('kb_chunks').selectAll().orderBy('id');
  if (filter === '90plus') query = query.where('is_90plus', '=', 1);
  if (filter === '90minus') query = query.where('is_90plus', '=', 0);
  const [rows, links] = await Promise.all([query.execute(), db.selectFrom('kb_chunk_questions').selectAll().orderBy('chunk_id').orderBy('position').execute()]);
  const questions = new Map<number, number[]>();
  for (const link of links) questions.set(link.chunk_id, [...(questions.get(link.chunk_id) ?? []), link.question_id]);

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Енот';
  const sheet = workbook.addWorksheet('База знаний');
  sheet.columns = EXPORT_COLUMNS.map((header, index) => ({ header, key: String(index), width: [10, 40, 10, 6, 12, 60, 60, 8, 20][index] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow([row.id, row.name, row.lesson_num, row.is_90plus === 1 ? '1' : '0', row.kind === 'org' ? 'Организационный' : 'Теория', row.answer_text, row.answer_text_clean, row.num_words, (questions.get(row.id) ?? []).join(', ')]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST /go/bot_consultant/export_chunks_xlsx: a signed JSON body, answered with file.xlsx. */
export function mountChunksExport(app: Hono<AppEnv>, services: Services): void {
  app.post(exportChunksXlsx.path, signedJson(services, exportChunksXlsx.path, { maxBytes: SIGNED_REQUEST_MAX_BYTES }), async (c) => {
    const { user } = c.get('caller')!;
    if (!(await accessAllowed(exportChunksXlsx.access, user, await services.iconRules.get()))) return refuseRequest(c, 403, 'denied', '0', MESSAGES.forbidden);
    const parsed = exportChunksData.safeParse(c.get('input'));
    if (!parsed.success) return refuseRequest(c, 400, 'invalid', '0', 'Поле "filter90Plus": ожидалось all, 90plus или 90minus');
    const body = await chunksWorkbook(services.db, parsed.data.filter90Plus);
    services.log.info(`knowledge export: ${body.length} bytes for user ${user.id}`);
    return c.body(new Uint8Array(body), 200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="file.xlsx"',
      'cache-control': 'no-store',
    });
  });
}
