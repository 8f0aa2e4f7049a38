import { calendar } from '../../../src/shared/contract';
import { moscowDateKey } from '../../../src/shared/domain/moscow-time';
import { implement } from '../../contract/implement';
import { birthdaysOn } from './birthdays';
import { scheduleFor } from './schedule';

/** Handlers of the calendar area, one per contract in src/shared/contract/calendar.ts. */
export const calendarHandlers = [
  implement(calendar.getRaspis, async (ctx) => ({
    dataArrayArray: await scheduleFor(ctx.services.db, ctx.user, moscowDateKey(ctx.services.clock.now())),
  })),

  implement(calendar.getBirthdays, async (ctx) => ({
    usersInfo: await birthdaysOn(ctx.services.db, moscowDateKey(ctx.services.clock.now())),
  })),
];
