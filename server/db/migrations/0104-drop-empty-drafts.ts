import { sql, type Kysely } from 'kysely';
import { dialectOf, type Dialect } from './helpers';

/**
 * Issue 26 item 6: «Создать вопрос» and «Добавить новое» used to store a row at once, so a
 * cancelled create left an empty part 1 question or an empty video behind. The editors now store
 * nothing until the first «Сохранить»; this removes the leftovers. Only rows that are truly empty
 * go: never saved (updated_at = created_at), every field at its blank default, no file, image or
 * view, and no row anywhere referencing them (every foreign key to the table is checked, whichever
 * migration added it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  const questions = await sql<{ id: number; q_json: string }>`
    select id, q_json from questions_p1
    where updated_at = created_at and is_published = 0 and is_selfmade = 0 and is_90plus = 0
      and image_path = '' and ege_num = 0 and lesson_num = 0 and chapter = ''`.execute(db);
  const emptyQuestions = questions.rows.filter((row) => isBlankJson(row.q_json)).map((row) => Number(row.id));
  await deleteUnreferenced(db, dialect, 'questions_p1', emptyQuestions);

  const videos = await sql<{ id: number }>`
    select id from videos
    where updated_at = created_at and lesson_num is null and shown_name = '' and filename = '' and chapter = ''
      and description = '' and preview_path = '' and media_status = 'none' and media_key = ''
      and transcript_json = '' and transcript_srt = '' and views = 0 and is_published = 0`.execute(db);
  await deleteUnreferenced(db, dialect, 'videos', videos.rows.map((row) => Number(row.id)));
}

/** A stored question body with nothing typed in it: only blanks, zeros and empty lists. */
function isBlankJson(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const blank = (item: unknown): boolean => {
    if (item === null || item === '' || item === 0 || item === '0' || item === false) return true;
    if (Array.isArray(item)) return item.every(blank);
    // The draft's type and mixing rules are settings, not content.
    if (typeof item === 'object') return Object.entries(item).every(([key, inner]) => key === 'questionType' || key.startsWith('mixRule') || blank(inner));
    return false;
  };
  return typeof value === 'object' && value !== null && !Array.isArray(value) && blank(value);
}

/** Columns of other tables that hold a foreign key to `table`. */
async function referencesTo(db: Kysely<unknown>, dialect: Dialect, table: string): Promise<Array<{ table: string; column: string }>> {
  if (dialect === 'sqlite') {
    const rows = await sql<{ name: string; from: string }>`
      select m.name as name, p."from" as "from" from sqlite_master m, pragma_foreign_key_list(m.name) p
      where m.type = 'table' and p."table" = ${table}`.execute(db);
    return rows.rows.map((row) => ({ table: row.name, column: row.from }));
  }
  const rows = await sql<{ table_name: string; column_name: string }>`
    select kcu.table_name, kcu.column_name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
    where rc.constraint_schema = current_schema() and ccu.table_name = ${table}`.execute(db);
  return rows.rows.map((row) => ({ table: row.table_name, column: row.column_name }));
}

async function deleteUnreferenced(db: Kysely<unknown>, dialect: Dialect, table: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const references = await referencesTo(db, dialect, table);
  for (const id of ids) {
    let used = false;
    for (const reference of references) {
      const hit = await sql`select 1 from ${sql.table(reference.table)} where ${sql.ref(reference.column)} = ${id} limit 1`.execute(db);
      if (hit.rows.length > 0) {
        used = true;
        break;
      }
    }
    if (!used) await sql`delete from ${sql.table(table)} where id = ${id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
