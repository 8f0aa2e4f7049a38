import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { noInput } from './fields';

/** Personal account (shell §2.7, §3.9). */

/** Shell §3.9 'User info': every value a string, as the wire has always sent them. */
export const userInfoSchema = z.object({
  user_surname: z.string(),
  user_name: z.string(),
  user_otch: z.string(),
  reg_name: z.string(),
  user_bdate: z.string(),
  user_class_number: z.string(),
  user_tel: z.string(),
  user_email: z.string(),
  user_vk_id: z.string(),
  tg_nickname: z.string(),
  user_type: z.string(),
  user_tarif_num: z.string(),
  /** Monthly cost in roubles. */
  user_tarif: z.string(),
  user_zachet: z.string(),
  with_mistake_work: z.string(),
  /** Balance in roubles, the sum of the ledger. */
  bn_balance: z.string(),
  userWhenToPay: z.string(),
  user_start_course_date: z.string(),
  user_curator: z.string(),
  curator_name: z.string(),
  curator_surname: z.string(),
  user_curator_dz: z.string(),
  curator_dz_name: z.string(),
  curator_dz_surname: z.string(),
  user_goal_ball: z.string(),
  user_goal_vuz: z.string(),
  goal_budzhet: z.string(),
  user_osobennosti: z.string(),
  user_ava_link: z.string(),
});

export type UserInfo = z.infer<typeof userInfoSchema>;

export const getUserInfo = http('/app/api/user_info/get_user_info.php', {
  input: noInput,
  output: z.object({ userInfo: userInfoSchema }),
  access: access.signedIn,
});
