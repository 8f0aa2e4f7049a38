import { admin } from '../../../src/shared/contract';
import { TARIFF_NAMES, TARIFF_NOTES } from '../../../src/shared/domain/tariffs';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { SignedContext } from '../../contract/implement';
import { DEFAULT_SECONDARY_BY_PRIMARY } from '../../../src/shared/domain/exam-scale';
import { DEFAULT_EXAM_PRIMARY_SCORES, EXAM_PRIMARY_SCORES, examPrimaryScores } from '../../questions/question-bank';
import { examSecondaryScale, scaleAsTable, SECONDARY_BALL } from '../../questions/exam-scale';
import { maskSecret, readVariable, writeVariable } from './variables';
import { DEFAULT_MINIMUM_MINUTES, DEFAULT_QUIET_FROM, DEFAULT_QUIET_TO, defaultExamDate, PLAN_SETTINGS } from '../../../src/shared/domain/study-plan';

/** Admin variables of the ЕГЭ, Zoom and Интенсив tabs (back-office §2.10, §3). */
const VARIABLE = {
  zoomConf: 'ZOOM_CONF_DATA',
  zoomApp: 'ZOOM_APP_DATA',
  intensivStart: 'INTENSIV_START_DATE',
} as const;

const COMMENTS = {
  ballsEge:
    'Баллы за каждое задание ЕГЭ по порядку (задание 1 — первое число). Ответ оценивается по баллам, действующим в момент ответа: ' +
    'уже данные ответы сохраняют свои баллы.',
  secondary:
    'Перевод первичных баллов во вторичные (шкала ФИПИ). По ней показываются вторичные баллы пробников; ' +
    'первичный балл выше таблицы считается по последней строке.',
  zoomConf: 'Данные вебинара: номер конференции, пароль, начало и конец (московское время).',
  zoomApp: 'Данные приложения Zoom. Секрет хранится на сервере и целиком не показывается.',
  intensivStart: 'Дата начала интенсива (ГГГГ-ММ-ДД).',
  today:
    '«Сегодня»: дата экзамена, которую ученик видит в первый день (пусто — 1 июня года экзамена); сколько минут сделанных дел ' +
    'засчитывают день в серию (или первое дело плана); блокирует ли анкета профиля нового ученика, как раньше.',
} as const;

const writer = (ctx: SignedContext) => ({ userId: ctx.user.id, now: ctx.services.clock.now() });

function parseJson<T>(text: string | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export const adminSettingsHandlers = [
  implement(admin.getBallsEge, async (ctx) => ({ ballsEge: [...(await examPrimaryScores(ctx.services.db))], comment: COMMENTS.ballsEge })),

  implement(admin.updateBallsEge, async (ctx, { ballsEge }) => {
    const { db, dialect } = ctx.services;
    await writeVariable(db, dialect, { name: EXAM_PRIMARY_SCORES, value: JSON.stringify(ballsEge), defaultValue: JSON.stringify(DEFAULT_EXAM_PRIMARY_SCORES), comment: COMMENTS.ballsEge, ...writer(ctx) });
    return {};
  }),

  implement(admin.getSecondaryBall, async (ctx) => ({ secondaryBall: scaleAsTable(await examSecondaryScale(ctx.services.db)), comment: COMMENTS.secondary })),

  implement(admin.updateSecondaryBall, async (ctx, { secondaryBall }) => {
    const { db, dialect } = ctx.services;
    // Stored in key order, so the log shows a readable table.
    const ordered = scaleAsTable(Object.keys(secondaryBall).sort((a, b) => Number(a) - Number(b)).map((key) => secondaryBall[key]!));
    await writeVariable(db, dialect, { name: SECONDARY_BALL, value: JSON.stringify(ordered), defaultValue: JSON.stringify(scaleAsTable(DEFAULT_SECONDARY_BY_PRIMARY)), comment: COMMENTS.secondary, ...writer(ctx) });
    return {};
  }),

  implement(admin.getZoomConfData, async (ctx) => {
    const stored = parseJson<Record<string, unknown>>((await readVariable(ctx.services.db, VARIABLE.zoomConf))?.value);
    if (!stored) return { zoomConfData: null };
    const text = (key: string) => (typeof stored[key] === 'string' || typeof stored[key] === 'number' ? String(stored[key]) : '');
    return { zoomConfData: { number: text('number'), password: text('password'), startDatetime: text('startDatetime'), endDatetime: text('endDatetime') } };
  }),

  implement(admin.updateZoomConfData, async (ctx, { zoomConfData }) => {
    const { db, dialect } = ctx.services;
    await writeVariable(db, dialect, { name: VARIABLE.zoomConf, value: JSON.stringify(zoomConfData), comment: COMMENTS.zoomConf, ...writer(ctx) });
    return {};
  }),

  implement(admin.getZoomAppData, async (ctx) => {
    const stored = parseJson<{ client_id?: unknown; client_secret?: unknown }>((await readVariable(ctx.services.db, VARIABLE.zoomApp))?.value);
    if (!stored) return { zoomAppData: null };
    return { zoomAppData: { client_id: String(stored.client_id ?? ''), clientSecretMasked: maskSecret(String(stored.client_secret ?? '')) } };
  }),

  implement(admin.updateZoomAppData, async (ctx, { zoomAppData }) => {
    const { db, dialect } = ctx.services;
    const stored = parseJson<{ client_secret?: unknown }>((await readVariable(db, VARIABLE.zoomApp))?.value);
    // An empty secret in the form means 'keep the stored one': the form never had it.
    const secret = zoomAppData.client_secret !== '' ? zoomAppData.client_secret : String(stored?.client_secret ?? '');
    const masked = (value: string) => {
      const parsed = parseJson<{ client_id?: unknown; client_secret?: unknown }>(value);
      return parsed ? JSON.stringify({ client_id: parsed.client_id ?? '', client_secret: maskSecret(String(parsed.client_secret ?? '')) }) : '';
    };
    await writeVariable(db, dialect, {
      name: VARIABLE.zoomApp,
      value: JSON.stringify({ client_id: zoomAppData.client_id, client_secret: secret }),
      comment: COMMENTS.zoomApp,
      logged: masked,
      ...writer(ctx),
    });
    return {};
  }),

  implement(admin.getIntensivStartDate, async (ctx) => ({
    intensivStartDate: (await readVariable(ctx.services.db, VARIABLE.intensivStart))?.value ?? '',
    comment: COMMENTS.intensivStart,
  })),

  implement(admin.updateIntensivStartDate, async (ctx, { intensivStartDate }) => {
    const { db, dialect } = ctx.services;
    await writeVariable(db, dialect, { name: VARIABLE.intensivStart, value: intensivStartDate, comment: COMMENTS.intensivStart, ...writer(ctx) });
    return {};
  }),

  implement(admin.getTodaySettings, async (ctx) => {
    const { db, clock } = ctx.services;
    const read = async (name: string) => (await readVariable(db, name))?.value.trim() ?? '';
    const [examDate, minimum, blocking, quietFrom, quietTo] = await Promise.all([
      read(PLAN_SETTINGS.examDate),
      read(PLAN_SETTINGS.minimumMinutes),
      read(PLAN_SETTINGS.profileFormBlocking),
      read(PLAN_SETTINGS.quietFrom),
      read(PLAN_SETTINGS.quietTo),
    ]);
    const minutes = Number(minimum);
    const hourOr = (text: string, fallback: number) => (text !== '' && Number.isInteger(Number(text)) && Number(text) >= 0 && Number(text) <= 23 ? Number(text) : fallback);
    return {
      examDate,
      minimumMinutes: minimum !== '' && Number.isInteger(minutes) && minutes >= 0 ? minutes : DEFAULT_MINIMUM_MINUTES,
      profileFormBlocking: blocking === '1' ? ('1' as const) : ('0' as const),
      quietFrom: hourOr(quietFrom, DEFAULT_QUIET_FROM),
      quietTo: hourOr(quietTo, DEFAULT_QUIET_TO),
      defaultExamDate: defaultExamDate(clock.now()),
      comment: COMMENTS.today,
    };
  }),

  implement(admin.updateTodaySettings, async (ctx, { examDate, minimumMinutes, profileFormBlocking, quietFrom, quietTo }) => {
    const { db, dialect } = ctx.services;
    const write = (name: string, value: string, defaultValue: string) => writeVariable(db, dialect, { name, value, defaultValue, comment: COMMENTS.today, ...writer(ctx) });
    await write(PLAN_SETTINGS.examDate, examDate, '');
    await write(PLAN_SETTINGS.minimumMinutes, String(minimumMinutes), String(DEFAULT_MINIMUM_MINUTES));
    await write(PLAN_SETTINGS.profileFormBlocking, profileFormBlocking, '0');
    await write(PLAN_SETTINGS.quietFrom, String(quietFrom), String(DEFAULT_QUIET_FROM));
    await write(PLAN_SETTINGS.quietTo, String(quietTo), String(DEFAULT_QUIET_TO));
    return {};
  }),
];


/** Prices of the course tariffs for new students, kopecks by tariff code. */
const TARIFF_COSTS = 'TARIFF_COSTS';
const DEFAULT_TARIFF_COSTS: Readonly<Record<string, number>> = { 1: 190_000, 2: 350_000, 3: 590_000, 4: 290_000 };
const TARIFF_COMMENT =
  'Цены тарифов (₽). Изменение действует с этого момента: прошлые платежи не меняются, новая цена подписки — со следующего продления.';
/** The monthly subscription tariff: its price is what renewals charge. */
const SUBSCRIPTION_TARIFF = '4';

async function tariffCosts(db: Parameters<typeof readVariable>[0]): Promise<Record<string, number>> {
  const stored = parseJson<Record<string, unknown>>((await readVariable(db, TARIFF_COSTS))?.value) ?? {};
  return Object.fromEntries(
    Object.entries(DEFAULT_TARIFF_COSTS).map(([code, cost]) => {
      const value = stored[code];
      return [code, typeof value === 'number' && Number.isInteger(value) ? value : cost];
    }),
  );
}

export const tariffHandlers = [
  implement(admin.getTarifs, async (ctx) => {
    const { db } = ctx.services;
    const [costs, sections] = await Promise.all([tariffCosts(db), db.selectFrom('extra_lesson_sections').select(['number', 'name', 'price_kopecks']).orderBy('number').execute()]);
    return {
      tarifs: [
        ...Object.entries(costs).map(([tarif, kopecks]) => ({ tarif, name: TARIFF_NAMES[Number(tarif)] ?? tarif, comment: tarif === SUBSCRIPTION_TARIFF ? `${TARIFF_NOTES[4]}: новая цена — со следующего продления каждой подписки` : (TARIFF_NOTES[Number(tarif)] ?? ''), cost: Math.round(kopecks / 100), costs: null })),
        {
          tarif: admin.EXTRA_LESSONS_TARIFF,
          name: 'Доп. уроки',
          comment: 'Записи уроков по разделам: цена раздела берётся в момент покупки.',
          cost: null,
          costs: Object.fromEntries(sections.map((section) => [String(section.number), Math.round(section.price_kopecks / 100)])),
        },
      ],
      tarifsRazdels: sections.map((section) => ({ razdel: String(section.number), name: section.name })),
    };
  }),

  implement(admin.updateTarif, async (ctx, { tarif, cost, razdel }) => {
    const { db, dialect, clock } = ctx.services;
    const kopecks = cost * 100;
    if (tarif === admin.EXTRA_LESSONS_TARIFF) {
      const section = await db.selectFrom('extra_lesson_sections').select(['price_kopecks']).where('number', '=', razdel!).executeTakeFirst();
      if (!section) fail('Такого раздела нет');
      if (section.price_kopecks === kopecks) return {};
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('extra_lesson_sections').set({ price_kopecks: kopecks }).where('number', '=', razdel!).execute();
        await trx
          .insertInto('admin_variable_changes')
          .values({ name: `EXTRA_LESSON_PRICE_${razdel}`, old_value: String(section.price_kopecks), new_value: String(kopecks), user_id: ctx.user.id, changed_at: clock.now() })
          .execute();
      });
      return {};
    }
    const costs = await tariffCosts(db);
    await writeVariable(db, dialect, {
      name: TARIFF_COSTS,
      value: JSON.stringify({ ...costs, [tarif]: kopecks }),
      defaultValue: JSON.stringify(costs),
      comment: TARIFF_COMMENT,
      ...writer(ctx),
    });
    // The subscription's price reaches every running subscription from its next renewal; what
    // was charged stays in the ledger as it was.
    if (tarif === SUBSCRIPTION_TARIFF) {
      await db.updateTable('subscriptions').set({ cost_kopecks: kopecks, updated_at: clock.now() }).where('status', '!=', 'ended').execute();
    }
    return {};
  }),
];
