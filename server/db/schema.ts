import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types for Kysely. Conventions (ARCHITECTURE §5): instants are epoch milliseconds in
 * integer/bigint columns (UTC); calendar dates are 'YYYY-MM-DD' text; flags are 0/1 integers;
 * money is integer kopecks; JSON is text.
 */

export interface UsersTable {
  id: Generated<number>;
  vk_id: string | null;
  login: string | null;
  password_hash: string | null;
  surname: ColumnType<string, string | undefined, string>;
  name: ColumnType<string, string | undefined, string>;
  patronymic: ColumnType<string, string | undefined, string>;
  region_number: number | null;
  birth_date: string | null;
  class_number: number | null;
  phone: ColumnType<string, string | undefined, string>;
  email: ColumnType<string, string | undefined, string>;
  tg_id: string | null;
  tg_nickname: ColumnType<string, string | undefined, string>;
  ava_link: ColumnType<string, string | undefined, string>;
  blocked: ColumnType<number, number | undefined, number>;
  user_type: string;
  demo_until: number | null;
  tariff_num: number | null;
  tariff_cost_kopecks: ColumnType<number, number | undefined, number>;
  oral_credit: ColumnType<number, number | undefined, number>;
  with_mistake_work: ColumnType<number, number | undefined, number>;
  payday: number | null;
  pay_due_date: string | null;
  course_start_date: string | null;
  curator_id: number | null;
  curator_dz_id: number | null;
  curator_zach_id: number | null;
  goal_ball: number | null;
  goal_vuz: ColumnType<string, string | undefined, string>;
  goal_budzhet: ColumnType<number, number | undefined, number>;
  osobennosti: ColumnType<string, string | undefined, string>;
  current_page: string | null;
  created_at: number;
  updated_at: number;
}

export interface RegionsTable {
  number: number;
  name: string;
}

export interface SessionsTable {
  device: string;
  token: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  user_agent: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
}

export interface IconsTable {
  key: string;
  title: string;
  group_name: string;
  position: number;
  is_group_head: number;
  hideable: number;
  /** JSON array of user types or 'all'. */
  roles: string;
  /** JSON array of user types denied even if allowed otherwise. */
  exclude: string;
  /** JSON array of permission groups whose members get the button whatever their type. */
  groups: string;
  comment: ColumnType<string, string | undefined, string>;
}

export interface PermissionGroupsTable {
  name: string;
  comment: ColumnType<string, string | undefined, string>;
  single_member: number;
}

export interface PermissionGroupMembersTable {
  group_name: string;
  user_id: number;
}

export interface AdminVariablesTable {
  name: string;
  value: string;
  comment: ColumnType<string, string | undefined, string>;
  /** 1 when any signed-in user may read it through get_variables_str.php. */
  is_public: number;
  updated_at: number;
}

export interface UserHiddenIconsTable {
  user_id: number;
  icon_key: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  amount_kopecks: number;
  kind: string;
  basis: ColumnType<string, string | undefined, string>;
  comment: ColumnType<string, string | undefined, string>;
  order_number: string | null;
  created_at: number;
}

/** A lesson or test week of the school's schedule (calendar area, shell §3.11). */
export interface ScheduleEventsTable {
  id: Generated<number>;
  /** 'Lesson' | 'Zach_week'. */
  type: string;
  /** Moscow calendar days, 'YYYY-MM-DD'. */
  date_start: string;
  date_end: string;
  /** Moscow 'hh:mm', null when the event has no set time. */
  time_start: string | null;
  description: ColumnType<string, string | undefined, string>;
  /** 'all' (every student) or one user type; staff see every event. */
  audience: ColumnType<string, string | undefined, string>;
  created_at: number;
  updated_at: number;
}

export interface FeedbackMessagesTable {
  id: Generated<number>;
  /** Null for an anonymous message (and if the author was deleted). */
  user_id: number | null;
  is_anonymous: number;
  message: string;
  created_at: number;
}

export interface UserLocationsTable {
  user_id: number;
  /** 1: the user lets classmates nearby see their name ('Показывать меня'). */
  is_public: ColumnType<number, number | undefined, number>;
  /** Degrees; null while the user is not visible (the position is dropped when they hide). */
  latitude: number | null;
  longitude: number | null;
  located_at: number | null;
  /** The position stops counting as current at this instant. */
  expires_at: number | null;
}

/** The rating ledger: one row per change; a user's rating is the sum of their rows. */
export interface RatingChangesTable {
  id: Generated<number>;
  user_id: number;
  /** The change in tenths of a point (the wire shows one decimal). */
  tenths: number;
  comment: ColumnType<string, string | undefined, string>;
  /** What earned it ('train_p1', 'homework', …) and that activity's id: unique per user. */
  source_kind: string;
  source_id: string;
  created_at: number;
}

/** Account area: a user's referral promo code, generated once and kept (shell §3.17). */
export interface ReferralCodesTable {
  user_id: number;
  code: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  regions: RegionsTable;
  sessions: SessionsTable;
  icons: IconsTable;
  permission_groups: PermissionGroupsTable;
  permission_group_members: PermissionGroupMembersTable;
  admin_variables: AdminVariablesTable;
  user_hidden_icons: UserHiddenIconsTable;
  ledger_entries: LedgerEntriesTable;
  referral_codes: ReferralCodesTable;
  rating_changes: RatingChangesTable;
  feedback_messages: FeedbackMessagesTable;
  user_locations: UserLocationsTable;
  schedule_events: ScheduleEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type IconRow = Selectable<IconsTable>;
