import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { safeString } from './fields';

/** Materials section: term search (learning-area §2 'Materials', §7 'Materials'). */

/** The '0' answer when no term matches; the screen shows it as the empty state (§8). */
export const TERM_NOT_FOUND = 'Определение не найдено';

export const getTerminDefinitionByName = http('/app/api/train_termins/get_termin_definition_by_name.php', {
  input: z.object({
    terminName: safeString().trim().min(1, 'не заполнено').max(100, 'не длиннее 100 символов'),
  }),
  output: z.object({
    /** Plain text of the definition. */
    definition: z.string(),
    /** Our extension: the stored name of the term found (may differ from the query by a prefix match). */
    terminName: z.string(),
    lessonNum: z.number().int(),
    chapter: z.string(),
  }),
  access: access.icon('searchTermin'),
});
