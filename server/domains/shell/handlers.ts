import { shell } from '../../../src/shared/contract';
import { toFlag } from '../../../src/shared/contract/fields';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import { iconsForHide } from './display-flags';

export const shellHandlers = [
  implement(shell.updateCurrentPage, async (ctx, { page }) => {
    if (ctx.request.connection) ctx.request.connection.page = page;
    await ctx.services.db.updateTable('users').set({ current_page: page }).where('id', '=', ctx.user.id).execute();
    return {};
  }),

  implement(shell.getIconsForHide, async (ctx) => ({ icons: await iconsForHide(ctx.services, ctx.user) })),

  implement(shell.setIcons, async (ctx, { icons }) => {
    const offered = new Set((await iconsForHide(ctx.services, ctx.user)).map((icon) => icon.key));
    const entries = Object.entries(icons);
    const refused = entries.find(([key]) => !offered.has(key as never));
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

  implement(shell.checkSubBotTg, async (ctx) => ({ isSubscribed: toFlag(ctx.user.row.tg_id !== null) })),

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
];
