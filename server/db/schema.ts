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
  /** 1: a one-time password from `npm run admin`; sign-in asks for a new one first. */
  password_must_change: ColumnType<number, number | undefined, number>;
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

/** Finances: one attempt to pay through the acquirer; `status` only moves forward. */
export interface PaymentOrdersTable {
  id: Generated<number>;
  /** Our OrderId at the acquirer; also the ledger entry's order number. */
  order_number: string;
  user_id: number;
  /** 'topup' | 'card_binding'. */
  kind: string;
  amount_kopecks: number;
  description: ColumnType<string, string | undefined, string>;
  email: ColumnType<string, string | undefined, string>;
  /** 'tbank' | 'test'. */
  provider: string;
  payment_id: string | null;
  payment_url: ColumnType<string, string | undefined, string>;
  /** NEW, AUTHORIZED, CONFIRMED, REJECTED, REVERSED, REFUNDED. */
  status: string;
  error_code: ColumnType<string, string | undefined, string>;
  /** The offer version in effect when a top-up was ordered (the one the buyer agreed to). */
  offer_document_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}

/** A version of one of the school's documents (offer, privacy policy), markdown; never edited. */
export interface SchoolDocumentsTable {
  id: Generated<number>;
  /** 'oferta' | 'privacy'. */
  kind: string;
  body: string;
  effective_from: number;
  created_by: number | null;
  created_at: number;
}

/** Finances: a card saved at the acquirer (recurrent charges); removed cards keep their row. */
export interface PaymentCardsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_card_id: string;
  rebill_id: string;
  /** e.g. 430000******0777. */
  masked_pan: string;
  /** 'Visa' | 'Mastercard' | 'МИР' | 'Карта'. */
  card_type: string;
  exp_date: ColumnType<string, string | undefined, string>;
  is_main: ColumnType<number, number | undefined, number>;
  /** The binding order that saved it. */
  order_number: string;
  created_at: number;
  removed_at: number | null;
}

/** The built-in test acquirer's settings (its per-install notification secret). */
export interface TestAcquirerSettingsTable {
  name: string;
  value: string;
}

/** The built-in test acquirer's side of a payment. */
export interface TestAcquirerPaymentsTable {
  payment_id: string;
  order_id: string;
  amount_kopecks: number;
  description: ColumnType<string, string | undefined, string>;
  customer_key: ColumnType<string, string | undefined, string>;
  /** 'O' one-stage, 'T' two-stage (hold). */
  pay_type: string;
  recurrent: ColumnType<number, number | undefined, number>;
  status: string;
  card_id: string | null;
  notification_url: ColumnType<string, string | undefined, string>;
  success_url: ColumnType<string, string | undefined, string>;
  fail_url: ColumnType<string, string | undefined, string>;
  created_at: number;
  updated_at: number;
}

/** The built-in test acquirer's saved cards. */
export interface TestAcquirerCardsTable {
  card_id: string;
  customer_key: string;
  pan: string;
  exp_date: string;
  rebill_id: string;
  created_at: number;
  removed_at: number | null;
}

/** Finances: a monthly subscription renewed by a durable job (server/domains/finances/subscriptions.ts). */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  cost_kopecks: number;
  description: ColumnType<string, string | undefined, string>;
  /** 'active' | 'cancelled' | 'past_due' | 'unpaid' | 'ended'. */
  status: string;
  paydate: number;
  anchor_day: number;
  period: ColumnType<number, number | undefined, number>;
  failed_attempts: ColumnType<number, number | undefined, number>;
  last_failure: ColumnType<string, string | undefined, string>;
  next_attempt_at: number | null;
  charge_lock_until: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

/** Finances: a section of extra recorded lessons sold from the balance (shell §3.14). */
export interface ExtraLessonSectionsTable {
  number: number;
  name: string;
  count_lessons: number;
  price_kopecks: number;
  created_at: number;
}

export interface ExtraLessonPurchasesTable {
  user_id: number;
  section_number: number;
  price_kopecks: number;
  order_number: string;
  created_at: number;
}

/** The durable job queue (server/jobs): claimed with a lease, so several instances share it. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string | null;
  /** JSON. */
  payload: ColumnType<string, string | undefined, string>;
  run_at: number;
  attempts: ColumnType<number, number | undefined, number>;
  /** 'pending' | 'done' | 'failed'. */
  status: ColumnType<string, string | undefined, string>;
  last_error: ColumnType<string, string | undefined, string>;
  locked_until: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A course term with its definition (materials term search). */
export interface TermsTable {
  id: Generated<number>;
  name: string;
  /** Lookup key: lower-case, ё→е, trimmed, single spaces (see normalizeTermName); unique. */
  name_normalized: string;
  definition: string;
  lesson_num: number;
  chapter: string;
  created_at: number;
  updated_at: number;
}

/** Course model (migration 0008-course). */
type DefaultedInt = ColumnType<number, number | undefined, number>;
type DefaultedText = ColumnType<string, string | undefined, string>;

export interface ChaptersTable {
  id: Generated<number>;
  name: string;
  position: number;
  created_at: number;
}

export interface LessonsTable {
  number: number;
  short_name: string;
  chapter_id: number;
  image_path: DefaultedText;
  /** Null: open from the start. */
  opens_at: number | null;
  demo_access: DefaultedInt;
  /** Order within its chapter (0109); the road sorts by chapter, then this, then number. */
  position: DefaultedInt;
  /** 0 draft (students do not see it), 1 published (0109). */
  is_published: DefaultedInt;
  /** Markdown shown on the lesson card (0109). */
  description: DefaultedText;
  /** JSON array of { title, url } (0109). */
  materials_json: DefaultedText;
  created_at: number;
  updated_at: number;
}

export interface VideosTable {
  id: Generated<number>;
  lesson_num: number | null;
  shown_name: DefaultedText;
  filename: DefaultedText;
  chapter: DefaultedText;
  description: DefaultedText;
  is_mandatory: DefaultedInt;
  is_published: DefaultedInt;
  preview_path: DefaultedText;
  views: DefaultedInt;
  /** 'none' (no file), 'queued', 'processing', 'ready', 'failed'. */
  media_status: DefaultedText;
  media_error: DefaultedText;
  /** Storage folder of the HLS rendition; changes with every new upload. */
  media_key: DefaultedText;
  duration_ms: DefaultedInt;
  transcript_json: DefaultedText;
  transcript_srt: DefaultedText;
  /** Order on its lesson's card, set by the course editor (0110). */
  lesson_position: DefaultedInt;
  created_at: number;
  updated_at: number;
}

export type TimecodeKind = 'THEME' | 'DETAILED_EXPLANATION' | 'HASHTAG';

export interface TimecodesTable {
  id: Generated<number>;
  video_id: number;
  kind: TimecodeKind;
  time_start: DefaultedInt;
  time_end: DefaultedInt;
  description: DefaultedText;
  tag: DefaultedText;
  created_at: number;
  updated_at: number;
}

export interface UserVideosTable {
  user_id: number;
  video_id: number;
  watched: DefaultedInt;
  short_mode: DefaultedInt;
  started_at: number | null;
  updated_at: number;
}

export interface HomeworksTable {
  num: number;
  lesson_num: number;
  is_probnik: DefaultedInt;
  deadline_at: number | null;
  p1_count: DefaultedInt;
  p2_count: DefaultedInt;
  dop_p1_count: DefaultedInt;
  dop_p2_count: DefaultedInt;
  p1_max: DefaultedInt;
  p2_max: DefaultedInt;
  dop_p1_max: DefaultedInt;
  dop_p2_max: DefaultedInt;
  /** Minutes for the required part 1 from its start; null = no timer (0011). */
  p1_time_limit_min: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: part 2 is self-checked ('Самопров') instead of checked by a curator (0015). */
  p2_self_check: DefaultedInt;
  /** Minutes for the required part 2 from its first open in progress; null = untimed (0016). */
  p2_time_limit_min: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}

export interface UserHomeworksTable {
  user_id: number;
  ht_num: number;
  is_dop: number;
  status_p1: DefaultedText;
  status_p2: DefaultedText;
  points_p1: number | null;
  points_p2: number | null;
  /** Part 1 solving position: the question shown now and the furthest one reached (0011). */
  p1_q_now: DefaultedInt;
  p1_q_last: DefaultedInt;
  p1_started_at: ColumnType<number | null, number | null | undefined, number | null>;
  p1_finished_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Part 2 (0015): the tab that opened the work last ('22' for others), times, late flag, mistake work, checker. */
  p2_mark_save: DefaultedText;
  p2_started_at: ColumnType<number | null, number | null | undefined, number | null>;
  p2_submitted_at: ColumnType<number | null, number | null | undefined, number | null>;
  p2_late: DefaultedInt;
  p2_mistake_work: DefaultedInt;
  p2_checker_id: ColumnType<number | null, number | null | undefined, number | null>;
  p2_checked_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the part 2 time budget started for this work; null = not timed (yet) (0016). */
  p2_timer_started_at: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: number;
}

export interface QuestionsP2Table {
  id: Generated<number>;
  question: string;
  question_image: DefaultedText;
  explanation_image: DefaultedText;
  explanation_markdown: DefaultedText;
  task_number: number;
  lesson_num: number;
  chapter: DefaultedText;
  max_points: number;
  is_public: DefaultedInt;
  /** Scoring criteria as text; self, peer and AI checks score against them (0090). */
  criteria: DefaultedText;
  /** 1: a hard task for students aiming at 90+ points (0090). */
  is_90plus: DefaultedInt;
  /** When the explanation image last went through OCR; null = never (0091). */
  explanation_digitized_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why that OCR run failed ('' when it did not) (0091). */
  explanation_digitize_error: DefaultedText;
  created_at: number;
  updated_at: number;
}

export interface HomeworkQuestionsP2Table {
  ht_num: number;
  is_dop: number;
  q_number: number;
  question_id: number;
  is_mandatory: DefaultedInt;
}

export interface HomeworkAnswersP2Table {
  user_id: number;
  ht_num: number;
  is_dop: number;
  q_number: number;
  question_id: number;
  user_answer: DefaultedText;
  old_answer: DefaultedText;
  is_checked: DefaultedInt;
  points: ColumnType<number | null, number | null | undefined, number | null>;
  teacher_comment: DefaultedText;
  teacher_json: DefaultedText;
  saved_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Points per ФИПИ criterion, JSON {"1": 2, "2": 1} ('{}' when scored as a whole) (0115). */
  criteria_points: DefaultedText;
}

/** The ФИПИ criteria of each part 2 exam task, school-editable (0115). */
export interface P2TaskCriteriaTable {
  task_number: number;
  /** 1 for К1, 2 for К2, … */
  num: number;
  max_points: number;
  title: string;
  description: DefaultedText;
  /** ФИПИ: this criterion gets 0 when criterion `zero_if` got 0; null = no such rule. */
  zero_if: number | null;
}

export interface QuestionsP1Table {
  id: Generated<number>;
  question_type: string;
  /** The qJson object without the columns below. */
  q_json: string;
  ege_num: number;
  lesson_num: number;
  chapter: DefaultedText;
  is_published: DefaultedInt;
  is_selfmade: DefaultedInt;
  /** 1: a hard '90+' question, drawn by trainings only when the student includes 90+ (0014). */
  is_90plus: DefaultedInt;
  image_path: DefaultedText;
  created_at: number;
  updated_at: number;
}

export interface HomeworkQuestionsP1Table {
  ht_num: number;
  is_dop: number;
  q_number: number;
  question_id: number;
}

export interface HomeworkAnswersP1Table {
  user_id: number;
  ht_num: number;
  is_dop: number;
  q_number: number;
  question_id: number;
  user_answer: DefaultedText;
  draft: DefaultedText;
  points: number | null;
  max_points: DefaultedInt;
  answered_at: number | null;
}

export interface DifficultQuestionsTable {
  user_id: number;
  question_id: number;
  created_at: number;
}

/** Part 2 questions a student flagged as difficult (0016). */
export interface DifficultQuestionsP2Table {
  user_id: number;
  question_id: number;
  created_at: number;
}

export interface CreditsAutoTable {
  num: number;
  lesson_num: number;
  lesson_numbers: string;
  starts_at: number | null;
  deadline_at: number | null;
  question_count: DefaultedInt;
  max_minutes: DefaultedInt;
  max_attempts: DefaultedInt;
  max_errors: DefaultedInt;
  created_at: number;
}

export interface UserCreditsAutoTable {
  user_id: number;
  credit_num: number;
  status: DefaultedText;
  attempts: DefaultedInt;
  /** The running attempt's start (timer) and end, and its number of wrong answers (0012). */
  started_at: ColumnType<number | null, number | null | undefined, number | null>;
  finished_at: ColumnType<number | null, number | null | undefined, number | null>;
  errors: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: number;
}

export interface CreditAutoAnswersTable {
  user_id: number;
  credit_num: number;
  attempt: number;
  q_num: number;
  question_id: number;
  user_answer: DefaultedText;
  points: number | null;
  max_points: DefaultedInt;
  answered_at: number | null;
}

/** A part 1 training (0013): status 'Выполняется' | 'Результат' | 'Выбор'. */
export interface TrainP1SessionsTable {
  id: Generated<number>;
  user_id: number;
  testing_type: string;
  include_selfmade: DefaultedInt;
  /** The training's 90+ choice (0014). */
  include_90plus: DefaultedInt;
  q_nums: number;
  status: string;
  created_at: number;
  finished_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TrainP1QuestionsTable {
  session_id: number;
  q_order: number;
  user_id: number;
  question_id: number;
  user_answer: DefaultedText;
  points: ColumnType<number | null, number | null | undefined, number | null>;
  max_points: DefaultedInt;
  rating_tenths: ColumnType<number | null, number | null | undefined, number | null>;
  answered_at: ColumnType<number | null, number | null | undefined, number | null>;
}

type NullableInstant = ColumnType<number | null, number | null | undefined, number | null>;

/** A part 2 training answer and its one check (0093); status 'waiting' | 'checked' | 'ai_pending' | 'ai_failed'. */
export interface TrainP2AnswersTable {
  id: Generated<number>;
  user_id: number;
  question_id: number;
  /** 'selfCheck' | 'checkByClassmates' | 'checkByAI'. */
  mode: string;
  user_answer: string;
  max_points: number;
  status: string;
  checker_id: ColumnType<number | null, number | null | undefined, number | null>;
  assigned_at: NullableInstant;
  points: ColumnType<number | null, number | null | undefined, number | null>;
  check_comment: DefaultedText;
  checked_at: NullableInstant;
  created_at: number;
}

/** A classmate's check refused or let lapse: never offered to that checker again (0093). */
export interface TrainP2RefusalsTable {
  answer_id: number;
  checker_id: number;
  created_at: number;
}

/** A check of a curator-checked homework answer done 'like a curator' (0093); unfinished while finished_at is null. */
export interface TrainP2CuratorChecksTable {
  id: Generated<number>;
  user_id: number;
  source_user_id: number;
  ht_num: number;
  is_dop: number;
  q_number: number;
  question_id: number;
  points: ColumnType<number | null, number | null | undefined, number | null>;
  check_comment: DefaultedText;
  created_at: number;
  finished_at: NullableInstant;
}

export interface CreditsVerbalTable {
  num: number;
  lesson_num: number;
  lesson_numbers: string;
  starts_on: string | null;
  ends_on: string | null;
  created_at: number;
}

export interface UserCreditsVerbalTable {
  user_id: number;
  credit_num: number;
  status: DefaultedText;
  updated_at: number;
  /** The curator's grade and comment (sanitised HTML) on the oral credit (0062). */
  grade: DefaultedText;
  comment_html: DefaultedText;
}

export interface AdminVariableChangesTable {
  id: Generated<number>;
  name: string;
  old_value: string;
  new_value: string;
  user_id: number | null;
  changed_at: number;
}

/** The school's internal standards (back-office §2.3); a removed one keeps its row (deleted_at). */
export interface StandardsTable {
  id: Generated<number>;
  name: string;
  process: string;
  link: string;
  html_description: string;
  /** The last change of its content: a learned mark older than this no longer counts. */
  updated_at: number;
  created_at: number;
  created_by: number | null;
  updated_by: number | null;
  deleted_at: number | null;
}

/** One 'Отметить изученным' with its comment; cancelling deletes it. */
export interface StandardLearningsTable {
  id: Generated<number>;
  standard_id: number;
  user_id: number;
  learned_at: number;
  comment: string;
}

/** A user's access level to a process; no row means the default ('Просмотр'). */
export interface StandardProcessAccessTable {
  process: string;
  user_id: number;
  access_type: string;
  updated_at: number;
  updated_by: number | null;
}

export interface TextbooksTable {
  id: Generated<number>;
  title: string;
  author: DefaultedText;
  publish_year: DefaultedText;
  pages: number;
  created_at: number;
  updated_at: number;
}

export interface TextbookPagesTable {
  id: Generated<number>;
  book_id: number;
  page: number;
  /** Storage key of the page image ('' when the page has none). */
  image_key: DefaultedText;
  page_text: DefaultedText;
  /** '' (no text), 'ocr' or 'manual': a bulk digitisation leaves manual texts alone. */
  text_source: DefaultedText;
  digitized_at: number | null;
  /** Why the last digitisation of this page failed ('' when it did not). */
  digitize_error: DefaultedText;
  updated_at: number;
  updated_by: number | null;
}

/** Decide First (migration 0040). */
export interface DecideFirstGamesTable {
  id: Generated<number>;
  game_type: string;
  status: string;
  owner_id: number | null;
  open_public_slot: number | null;
  players_count: ColumnType<number, number | undefined, number>;
  total_questions: ColumnType<number, number | undefined, number>;
  current_q: ColumnType<number, number | undefined, number>;
  phase_deadline: number | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export interface DecideFirstPlayersTable {
  game_id: number;
  user_id: number;
  active_slot: number | null;
  score_tenths: ColumnType<number, number | undefined, number>;
  streak: ColumnType<number, number | undefined, number>;
  rounds_won: ColumnType<number, number | undefined, number>;
  result: string | null;
  dismissed: ColumnType<number, number | undefined, number>;
  joined_at: number;
  left_at: number | null;
}

export interface DecideFirstRoundsTable {
  game_id: number;
  q_num: number;
  question_id: number;
  real_ball: number;
  started_at: number | null;
  deadline: number | null;
  closed_at: number | null;
  winner_id: number | null;
  winner_tenths: number | null;
}

export interface DecideFirstAnswersTable {
  game_id: number;
  q_num: number;
  user_id: number;
  answer: string;
  points: number;
  is_right: number;
  answered_at: number;
}

/** The pet raccoon (0030): one living pet per user, dead ones kept. */
export interface PetsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  health: number;
  mood: number;
  satiety: number;
  train: number;
  dead: DefaultedInt;
  born_at: number;
  died_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Pet time is applied up to here (whole ticks). */
  ticked_until: number;
  created_at: number;
  updated_at: number;
}

/** Cookie ledger (0030): the balance is the sum; reward_key unique per user. */
export interface PetCookiesTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  reason: string;
  reward_key: string;
  created_at: number;
}

/** The student card's CRM comments (0050). */
export interface CrmCommentsTable {
  id: Generated<number>;
  user_id: number;
  editor_id: number | null;
  editor_name: string;
  comment: string;
  created_at: number;
}

/** Homework question tickets and their chat (0051). */
export interface TicketsDzTable {
  id: Generated<number>;
  lesson_num: number;
  task_num: number;
  ticket_type: string;
  importance: number;
  name: string;
  text: string;
  status: string;
  maker_id: number | null;
  responsible_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface TicketDzMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  user_id: number | null;
  comment: string;
  created_at: number;
}

export interface TicketDzViewsTable {
  ticket_id: number;
  user_id: number;
  last_mess_id: number;
}

/** Mailings and one delivery row per recipient (0052). */
export interface MailingsTable {
  id: Generated<number>;
  channel: string;
  status: string;
  message: string;
  header: DefaultedText;
  link: DefaultedText;
  image_key: DefaultedText;
  receiver_group: string;
  nicknames: DefaultedText;
  initiator_id: number | null;
  start_at: number;
  end_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface MailingDeliveriesTable {
  mailing_id: number;
  user_id: number;
  address: string;
  status: string;
  claimed_by: string | null;
  claimed_at: number | null;
  sent_at: number | null;
  error: DefaultedText;
}

/** The back office's file library (0053). */
export interface LibraryFilesTable {
  id: Generated<number>;
  file_name: string;
  storage_key: string;
  content_type: string;
  size: number;
  description: string;
  user_id: number | null;
  user_name: string;
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
  subscriptions: SubscriptionsTable;
  extra_lesson_sections: ExtraLessonSectionsTable;
  extra_lesson_purchases: ExtraLessonPurchasesTable;
  jobs: JobsTable;
  payment_orders: PaymentOrdersTable;
  school_documents: SchoolDocumentsTable;
  payment_cards: PaymentCardsTable;
  test_acquirer_settings: TestAcquirerSettingsTable;
  test_acquirer_payments: TestAcquirerPaymentsTable;
  test_acquirer_cards: TestAcquirerCardsTable;
  terms: TermsTable;
  chapters: ChaptersTable;
  lessons: LessonsTable;
  videos: VideosTable;
  timecodes: TimecodesTable;
  user_videos: UserVideosTable;
  homeworks: HomeworksTable;
  user_homeworks: UserHomeworksTable;
  credits_auto: CreditsAutoTable;
  user_credits_auto: UserCreditsAutoTable;
  credits_verbal: CreditsVerbalTable;
  user_credits_verbal: UserCreditsVerbalTable;
  questions_p1: QuestionsP1Table;
  homework_questions_p1: HomeworkQuestionsP1Table;
  homework_answers_p1: HomeworkAnswersP1Table;
  difficult_questions: DifficultQuestionsTable;
  difficult_questions_p2: DifficultQuestionsP2Table;
  credit_auto_answers: CreditAutoAnswersTable;
  questions_p2: QuestionsP2Table;
  homework_questions_p2: HomeworkQuestionsP2Table;
  homework_answers_p2: HomeworkAnswersP2Table;
  p2_task_criteria: P2TaskCriteriaTable;
  train_p1_sessions: TrainP1SessionsTable;
  train_p1_questions: TrainP1QuestionsTable;
  train_p2_answers: TrainP2AnswersTable;
  train_p2_refusals: TrainP2RefusalsTable;
  train_p2_curator_checks: TrainP2CuratorChecksTable;
  kb_chunks: KbChunksTable;
  kb_chunk_questions: KbChunkQuestionsTable;
  kb_published_chunks: KbPublishedChunksTable;
  kb_published_questions: KbChunkQuestionsTable;
  kb_test_attempts: KbTestAttemptsTable;
  kb_test_answers: KbTestAnswersTable;
  exam_elements: ExamElementsTable;
  exam_task_elements: ExamTaskElementsTable;
  question_p1_elements: QuestionElementsTable;
  question_p2_elements: QuestionElementsTable;
  kb_chunk_elements: KbChunkElementsTable;
  learning_mastery: LearningMasteryTable;
  review_cards: ReviewCardsTable;
  plan_profiles: PlanProfilesTable;
  plan_days: PlanDaysTable;
  plan_reminders: PlanRemindersTable;
  exam_score_scales: ExamScoreScalesTable;
  bot_messages: BotMessagesTable;
  bot_message_seqs: BotMessageSeqsTable;
  verbal_questions: VerbalQuestionsTable;
  verbal_chat_sessions: VerbalChatSessionsTable;
  verbal_chat_users: VerbalChatUsersTable;
  verbal_trainer_answers: VerbalTrainerAnswersTable;
  sign_terms: SignTermsTable;
  sign_term_variants: SignTermVariantsTable;
  sign_trainer_states: SignTrainerStatesTable;
  sign_trainer_answers: SignTrainerAnswersTable;
  sign_recognitions: SignRecognitionsTable;
  verbal_credit_slots: VerbalCreditSlotsTable;
  kv_entries: KvEntriesTable;
  applied_ops: AppliedOpsTable;
  model_calls_by_user: ModelCallsByUserTable;
  model_calls_by_school: ModelCallsBySchoolTable;
  admin_variable_changes: AdminVariableChangesTable;
  standards: StandardsTable;
  standard_learnings: StandardLearningsTable;
  standard_process_access: StandardProcessAccessTable;
  textbooks: TextbooksTable;
  textbook_pages: TextbookPagesTable;
  decide_first_games: DecideFirstGamesTable;
  decide_first_players: DecideFirstPlayersTable;
  decide_first_rounds: DecideFirstRoundsTable;
  decide_first_answers: DecideFirstAnswersTable;
  pets: PetsTable;
  pet_cookies: PetCookiesTable;
  crm_comments: CrmCommentsTable;
  tickets_dz: TicketsDzTable;
  ticket_dz_messages: TicketDzMessagesTable;
  ticket_dz_views: TicketDzViewsTable;
  mailings: MailingsTable;
  mailing_deliveries: MailingDeliveriesTable;
  library_files: LibraryFilesTable;
}

/** Knowledge base chunk (migration 0020); the published copy keeps the working row's id. */
export interface KbChunksTable {
  id: Generated<number>;
  name: DefaultedText;
  lesson_num: DefaultedInt;
  is_90plus: DefaultedInt;
  /** 'theory' | 'org'. */
  kind: DefaultedText;
  answer_text: DefaultedText;
  answer_text_clean: DefaultedText;
  num_words: DefaultedInt;
  created_at: number;
  updated_at: number;
}

export interface KbPublishedChunksTable extends Omit<KbChunksTable, 'id'> {
  id: number;
}

export interface KbChunkQuestionsTable {
  chunk_id: number;
  question_id: number;
  position: DefaultedInt;
}

export interface KbTestAttemptsTable {
  id: Generated<number>;
  user_id: number;
  chunk_id: number;
  status: string;
  started_at: number;
  finished_at: number | null;
}

export interface KbTestAnswersTable {
  attempt_id: number;
  q_order: number;
  user_id: number;
  question_id: number;
  user_answer: DefaultedText;
  points: ColumnType<number | null, number | null | undefined, number | null>;
  max_points: DefaultedInt;
  answered_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** AI chat messages (migration 0021). */
/** The last chat message id handed out per user and bot (migration 0102). */
export interface BotMessageSeqsTable {
  user_id: number;
  bot: string;
  last_seq: number;
}

export interface BotMessagesTable {
  id: Generated<number>;
  user_id: number;
  bot: string;
  seq: number;
  its_bot: number;
  message: DefaultedText;
  status: DefaultedText;
  sources: DefaultedText;
  question_id: number | null;
  created_at: number;
  updated_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type IconRow = Selectable<IconsTable>;

/** Oral-credit question bank (0060): shared by the video chat and the oral trainer. */
export interface VerbalQuestionsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  zachet_num: number | null;
  lesson_num: number | null;
  is_public: DefaultedInt;
  plus90: DefaultedInt;
  created_at: number;
  updated_at: number;
}

/** A video-chat practice session (0060): 'calling' → 'active' → 'ended'. */
export interface VerbalChatSessionsTable {
  id: Generated<number>;
  initiator_id: number;
  callee_id: number;
  status: string;
  questioner_id: number;
  answerer_id: number;
  question_id: number | null;
  created_at: number;
  accepted_at: number | null;
  ended_at: number | null;
  end_cause: DefaultedText;
}

/** Matchmaking state of one user (0060). */
export interface VerbalChatUsersTable {
  user_id: number;
  want: DefaultedInt;
  want_since: number | null;
  state: DefaultedText;
  state_since: number;
  session_id: number | null;
  updated_at: number;
}

/** Oral trainer answers (0061). */
export interface VerbalTrainerAnswersTable {
  id: Generated<number>;
  user_id: number;
  question_id: number;
  user_answer: DefaultedText;
  created_at: number;
}

/** Signs trainer terms (0095); term_id links the term-search definition. */
export interface SignTermsTable {
  id: Generated<number>;
  name: string;
  lesson_num: number;
  term_id: number | null;
  created_at: number;
}

/** A sign of a term (0095): true (is_right 1) or a plausible false one, with its explanation. */
export interface SignTermVariantsTable {
  id: Generated<number>;
  sign_term_id: number;
  position: number;
  text: string;
  is_right: number;
  description: string;
}

/** Where a student is in the signs trainer (0095): SELECT, ANSWERING or MID_RESULT. */
export interface SignTrainerStatesTable {
  user_id: number;
  status: string;
  set_type: ColumnType<string, string | undefined, string>;
  sign_term_id: number | null;
  variant_order: ColumnType<string, string | undefined, string>;
  user_answer: string | null;
  updated_at: number;
}

/** Every answer in the signs trainer (0095). */
export interface SignTrainerAnswersTable {
  id: Generated<number>;
  user_id: number;
  sign_term_id: number;
  user_answer: string;
  is_right: number;
  created_at: number;
}

/** True signs a student picked in an answer without any false sign (0095). */
export interface SignRecognitionsTable {
  user_id: number;
  variant_id: number;
  created_at: number;
}

/** Published oral-credit times (0062); user_id set when booked. */
export interface VerbalCreditSlotsTable {
  id: Generated<number>;
  curator_id: number;
  starts_at: number;
  user_id: number | null;
  credit_num: number | null;
  booked_at: number | null;
  created_at: number;
}

/** Operations applied by their client-given id (0108): a resend is answered, not applied again. */
export interface AppliedOpsTable {
  user_id: number;
  op_id: string;
  /** The call's path. */
  call: string;
  /** sha256 of the call's input without its opId. */
  input_hash: string;
  /** The call's output, JSON. */
  result: string;
  created_at: number;
}

/** Paid model calls of one user on one Moscow day (0111, server/model-budget). */
export interface ModelCallsByUserTable {
  /** 'YYYY-MM-DD', Moscow. */
  day: string;
  user_id: number;
  calls: number;
}

/** Paid model calls of the whole school on one Moscow day (0111). */
export interface ModelCallsBySchoolTable {
  day: string;
  calls: number;
}

/** Short-lived keys of the database key-value store (0100): replay cache, sign-in counters. */
export interface KvEntriesTable {
  key: string;
  value: number;
  /** Epoch ms; a row at or past it counts as absent and is swept. */
  expires_at: number;
}

/** Elements of the ФИПИ codifier (0112): '2.4', section 2, «Рынок и рыночный механизм…». */
export interface ExamElementsTable {
  code: string;
  section: number;
  name: string;
}

/** Exam task number → the elements it checks (0112). */
export interface ExamTaskElementsTable {
  task_num: number;
  element_code: string;
}

/** A part 1 or part 2 question's elements (0112). */
export interface QuestionElementsTable {
  question_id: number;
  element_code: string;
}

/** A theory chunk's elements (0112); chunk ids are shared by kb_chunks and kb_published_chunks. */
export interface KbChunkElementsTable {
  chunk_id: number;
  element_code: string;
}

/** FSRS review cards of a student's mistakes (0116, server/learning/review-cards.ts). */
export interface ReviewCardsTable {
  id: Generated<number>;
  user_id: number;
  question_id: number | null;
  sign_term_id: number | null;
  due_at: number;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: number | null;
  created_at: number;
}

/** Mastery per student and element (0112, server/learning/mastery.ts). */
export interface LearningMasteryTable {
  user_id: number;
  element_code: string;
  right_weight: number;
  wrong_weight: number;
  answers: number;
  updated_at: number;
}

/** Primary → test score table of one exam year (0112): JSON list, index = primary score. */
export interface ExamScoreScalesTable {
  year: number;
  scale: string;
}

/** A student's first-day answers (0117): minutes a day and her exam date (YYYY-MM-DD). */
export interface PlanProfilesTable {
  user_id: number;
  daily_minutes: number;
  exam_date: string;
  /** The Moscow hour of her daily Telegram reminder (0118); null: no reminder. */
  reminder_hour: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}

/** One student's reminder of one Moscow day (0118): the key that keeps it to one send. */
export interface PlanRemindersTable {
  user_id: number;
  day: number;
  status: string;
  claimed_by: string;
  error: ColumnType<string, string | undefined, string>;
  created_at: number;
  sent_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The plan chosen for one student's Moscow day (0117): items as JSON; counted_at once its minimum was done. */
export interface PlanDaysTable {
  user_id: number;
  day: number;
  items: string;
  counted_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
}
