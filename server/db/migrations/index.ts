import type { Migration } from 'kysely';
import * as m0001 from './0001-core';
import * as m0002 from './0002-account';
import * as m0003 from './0003-calendar';
import * as m0004 from './0004-rating';
import * as m0005 from './0005-preferences';
import * as m0006 from './0006-finances';
import * as m0007 from './0007-terms';
import * as m0008 from './0008-course';
import * as m0010 from './0010-timecode-search';
import * as m0011 from './0011-homework-p1';
import * as m0012 from './0012-credits-auto';
import * as m0013 from './0013-train-p1';
import * as m0014 from './0014-questions-90plus';
import * as m0015 from './0015-homework-p2';
import * as m0016 from './0016-homework-p2-timer';
import * as m0020 from './0020-knowledge';
import * as m0021 from './0021-assistant';
import * as m0030 from './0030-pet';
import * as m0040 from './0040-decide-first';
import * as m0050 from './0050-crm';
import * as m0051 from './0051-tickets';
import * as m0052 from './0052-mailings';
import * as m0053 from './0053-files';
import * as m0060 from './0060-verbal-chat';
import * as m0061 from './0061-train-verbal';
import * as m0062 from './0062-verbal-credit-booking';
import * as m0070 from './0070-standards';
import * as m0080 from './0080-textbooks';
import * as m0081 from './0081-admin-settings';
import * as m0090 from './0090-questions-p2-bank';
import * as m0091 from './0091-questions-p2-digitize';
import * as m0093 from './0093-train-p2';
import * as m0095 from './0095-train-signs';
import * as m0096 from './0096-word-answers-all-or-nothing';
import * as m0100 from './0100-kv-entries';
import * as m0101 from './0101-nearby-grid';
import * as m0102 from './0102-assistant-sequences';
import * as m0103 from './0103-school-documents';
import * as m0104 from './0104-drop-empty-drafts';
import * as m0105 from './0105-password-must-change';
import * as m0108 from './0108-applied-ops';
import * as m0111 from './0111-model-budget';
import * as m0115 from './0115-p2-task-criteria';

/** Every migration, in order. Forward-only: never edit a landed one, add the next. */
export const migrations: Record<string, Migration> = {
  '0001-core': m0001,
  '0002-account': m0002,
  '0003-calendar': m0003,
  '0004-rating': m0004,
  '0005-preferences': m0005,
  '0006-finances': m0006,
  '0007-terms': m0007,
  '0008-course': m0008,
  '0010-timecode-search': m0010,
  '0011-homework-p1': m0011,
  '0012-credits-auto': m0012,
  '0013-train-p1': m0013,
  '0014-questions-90plus': m0014,
  '0015-homework-p2': m0015,
  '0016-homework-p2-timer': m0016,
  '0020-knowledge': m0020,
  '0021-assistant': m0021,
  '0030-pet': m0030,
  '0040-decide-first': m0040,
  '0050-crm': m0050,
  '0051-tickets': m0051,
  '0052-mailings': m0052,
  '0053-files': m0053,
  '0060-verbal-chat': m0060,
  '0061-train-verbal': m0061,
  '0062-verbal-credit-booking': m0062,
  '0070-standards': m0070,
  '0080-textbooks': m0080,
  '0081-admin-settings': m0081,
  '0090-questions-p2-bank': m0090,
  '0091-questions-p2-digitize': m0091,
  '0093-train-p2': m0093,
  '0095-train-signs': m0095,
  '0096-word-answers-all-or-nothing': m0096,
  '0100-kv-entries': m0100,
  '0101-nearby-grid': m0101,
  '0102-assistant-sequences': m0102,
  '0103-school-documents': m0103,
  '0104-drop-empty-drafts': m0104,
  '0105-password-must-change': m0105,
  '0108-applied-ops': m0108,
  '0111-model-budget': m0111,
  '0115-p2-task-criteria': m0115,
};
