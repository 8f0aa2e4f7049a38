import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** Core tables of the spine: users, sessions, regions, icons, permission groups, variables, ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  await db.schema
    .createTable('regions')
    .addColumn('number', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('users'), dialect)
    .addColumn('vk_id', 'text', (col) => col.unique())
    .addColumn('login', 'text', (col) => col.unique())
    .addColumn('password_hash', 'text')
    .addColumn('surname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('patronymic', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('region_number', 'integer', (col) => col.references('regions.number').onDelete('set null'))
    .addColumn('birth_date', 'text')
    .addColumn('class_number', 'integer')
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tg_id', 'text', (col) => col.unique())
    .addColumn('tg_nickname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ava_link', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('blocked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('user_type', 'text', (col) => col.notNull())
    .addColumn('demo_until', instant)
    .addColumn('tariff_num', 'integer')
    .addColumn('tariff_cost_kopecks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('oral_credit', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('with_mistake_work', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('payday', 'integer')
    .addColumn('pay_due_date', 'text')
    .addColumn('course_start_date', 'text')
    .addColumn('curator_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('curator_dz_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('curator_zach_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('goal_ball', 'integer')
    .addColumn('goal_vuz', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('goal_budzhet', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('osobennosti', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('current_page', 'text')
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_curator_idx').on('users').column('curator_id').execute();
  await db.schema.createIndex('users_type_idx').on('users').column('user_type').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('device', 'text', (col) => col.primaryKey())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('expires_at', instant, (col) => col.notNull())
    .addColumn('revoked_at', instant)
    .addColumn('user_agent', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('icons')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('group_name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('is_group_head', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hideable', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('exclude', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('groups', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('permission_groups')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('single_member', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('permission_group_members')
    .addColumn('group_name', 'text', (col) => col.notNull().references('permission_groups.name').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('permission_group_members_pk', ['group_name', 'user_id'])
    .execute();
  await db.schema.createIndex('permission_group_members_user_idx').on('permission_group_members').column('user_id').execute();

  await db.schema
    .createTable('admin_variables')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_hidden_icons')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('icon_key', 'text', (col) => col.notNull().references('icons.key').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_hidden_icons_pk', ['user_id', 'icon_key'])
    .execute();

  await withIdColumn(db.schema.createTable('ledger_entries'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('basis', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('order_number', 'text', (col) => col.unique())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_user_idx').on('ledger_entries').columns(['user_id', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
