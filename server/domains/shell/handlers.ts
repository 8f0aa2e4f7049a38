import { shell } from '../../../src/shared/contract';
import { toFlag } from '../../../src/shared/contract/fields';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import { PLAN_SETTINGS } from '../../../src/shared/domain/study-plan';
import type { UserUpdate } from '../../db/schema';
import { botSubscriptionOf } from '../../providers/messengers/bot-subscription';
import { iconsForHide } from './display-flags';
import { REQUIRED_FIELDS, requiredFieldNames } from './required-fields';
import { isRecord } from '../../../src/shared/guards';

export const shellHandlers = [
  implement(shell.updateCurrentPage, async (ctx, { page }) => {
    if (ctx.request.connection) ctx.request.connection.page = page;
    await ctx.services.db.updateTable('users').set({ current_page: page }).where('id', '=', ctx.user.id).execute();
    return {};
  }),

  implement(shell.getIconsForHide, async (ctx) => ({ icons: await iconsForHide(ctx.services, ctx.user) })),

  implement(shell.setIcons, async (ctx, { icons }) => {
    const offered = new Set<string>((await iconsForHide(ctx.services, ctx.user)).map((icon) => icon.key));
    const entries = Object.entries(icons);
    const refused = entries.find(([key]) => !offered.has(key));
    if (refused) fail(`Иконку "${refused[0]}" нельзя скрыть или показать.`);
    const { db } = ctx.services;
    await db.transaction().execute(async (trx) => {
      for (const [key, status] of entries) {
        if (status === '1') {
          await trx.deleteFrom('user_hidden_icons').where('user_id', '=', ctx.user.id).where('icon_key', '=', key).execute();
        } else {
          await trx
            .insertInto('user_hidden_icons')
            .values({ user_id: ctx.user.id, icon_key: key })
            .onConflict((oc) => oc.columns(['user_id', 'icon_key']).doNothing())
            .execute();
        }
      }
    });
    await ctx.services.live.refreshIcons([ctx.user.id]);
    return {};
  }),

  implement(shell.checkSubBotTg, async (ctx) => {
    const state = await botSubscriptionOf(ctx.services, ctx.user.row);
    return { isSubscribed: toFlag(state === 'subscribed'), subscriptionKnown: toFlag(state !== 'unknown') };
  }),

  implement(shell.getVariablesStr, async (ctx, { variableNames }) => {
    const rows = await ctx.services.db
      .selectFrom('admin_variables')
      .select(['name', 'value'])
      .where('name', 'in', variableNames)
      .where('is_public', '=', 1)
      .execute();
    const values = new Map(rows.map((row) => [row.name, row.value]));
    return { variablesStr: Object.fromEntries(variableNames.map((name) => [name, values.get(name) ?? ''])) };
  }),

  implement(shell.getWebinarLink, async (ctx) => {
    const row = await ctx.services.db.selectFrom('admin_variables').select('value').where('name', '=', 'ZOOM_CONF_DATA').executeTakeFirst();
    const conf = parseZoomConf(row?.value);
    if (!conf) fail('Данные вебинара отсутствуют');
    const link = new URL(`https://app.zoom.us/wc/${encodeURIComponent(conf.number)}/join`);
    if (conf.password) link.searchParams.set('pwd', conf.password);
    return { link: link.toString() };
  }),

  implement(shell.getRequiredNotFilledFields, async (ctx) => {
    const staff = STAFF_TYPES.includes(ctx.user.type);
    const names = requiredFieldNames(staff);
    // A school may keep the old blocking form for students too; staff always fill it first.
    const setting = await ctx.services.db.selectFrom('admin_variables').select('value').where('name', '=', PLAN_SETTINGS.profileFormBlocking).executeTakeFirst();
    const blocking = staff || setting?.value.trim() === '1';
    const missing = names.filter((name) => !REQUIRED_FIELDS[name].filled(ctx.user.row));
    const regions = missing.includes('user_region')
      ? await ctx.services.db.selectFrom('regions').select(['number', 'name']).orderBy('name').execute()
      : [];
    return {
      fields: missing.map((name) => {
        const rule = REQUIRED_FIELDS[name];
        return { field: name, name: rule.name, type: rule.type, length: String(rule.length) };
      }),
      fieldsAdditional: { fieldsRegions: regions.map((region) => ({ regNumber: String(region.number), regName: region.name })) },
      blocking: toFlag(blocking),
    };
  }),

  implement(shell.setRequiredNotFilledFields, async (ctx, { fields }) => {
    const update: UserUpdate = {};
    for (const { field, value } of fields) {
      const rule = REQUIRED_FIELDS[field];
      if (value.trim() === '') fail(`Вы не заполнили поле "${rule.name}"`);
      const parsed = await rule.parse(value, ctx.services.db);
      if (typeof parsed === 'string') fail(`Поле "${rule.name}": ${parsed}`);
      Object.assign(update, parsed);
    }
    await ctx.services.db
      .updateTable('users')
      .set({ ...update, updated_at: ctx.services.clock.now() })
      .where('id', '=', ctx.user.id)
      .execute();
    return {};
  }),

  implement(shell.getCurrentBotTg, async (ctx) => {
    const { TELEGRAM_BOT_NAME, TELEGRAM_BOT_TOKEN } = ctx.services.config;
    if (!TELEGRAM_BOT_NAME || !TELEGRAM_BOT_TOKEN) fail('Telegram-бот не настроен на этом сервере.');
    return { currentBotTg: TELEGRAM_BOT_NAME, currentBotTgId: TELEGRAM_BOT_TOKEN.split(':')[0]! };
  }),
];

/** Back-office Zoom tab data: number, password, start and end ('date time:00', Moscow time). */
function parseZoomConf(text: string | undefined): { number: string; password: string } | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value)) return null;
    const number = String(value.number ?? '').replace(/\s/g, '');
    return /^\d{9,12}$/.test(number) ? { number, password: String(value.password ?? '') } : null;
  } catch {
    return null;
  }
}
