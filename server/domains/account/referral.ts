import { randomInt } from 'node:crypto';
import type { Db } from '../../db';

/** Letters and digits nobody confuses when reading a code aloud or off a screen (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_SUFFIX_LENGTH = 4;
const NAME_PART_MAX = 10;

const TRANSLIT: Record<string, string> = {
  а: 'A', б: 'B', в: 'V', г: 'G', д: 'D', е: 'E', ё: 'E', ж: 'ZH', з: 'Z', и: 'I', й: 'I', к: 'K', л: 'L', м: 'M',
  н: 'N', о: 'O', п: 'P', р: 'R', с: 'S', т: 'T', у: 'U', ф: 'F', х: 'KH', ц: 'TS', ч: 'CH', ш: 'SH', щ: 'SHCH',
  ъ: '', ы: 'Y', ь: '', э: 'E', ю: 'IU', я: 'IA',
};

/** 'Алиса' → 'ALISA': the readable middle of a promo code (Latin letters only). */
export function promoNamePart(name: string): string {
  const latin = [...name.toLowerCase()].map((char) => TRANSLIT[char] ?? (/[a-z]/.test(char) ? char.toUpperCase() : '')).join('');
  return latin.slice(0, NAME_PART_MAX);
}

/** A fresh candidate code: ENOT-ALISA-7K2Q (ENOT-7K2Q when the name gives no letters). */
export function newPromoCode(name: string, random: (max: number) => number = randomInt): string {
  let suffix = '';
  for (let i = 0; i < CODE_SUFFIX_LENGTH; i += 1) suffix += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  const namePart = promoNamePart(name);
  return namePart ? `ENOT-${namePart}-${suffix}` : `ENOT-${suffix}`;
}

/**
 * The user's promo code, generated on first request and stored for good. Safe when two requests
 * race: the insert does nothing on any conflict (the user already has a code, or the random code
 * is taken) and the stored row is read back.
 */
export async function promoCodeFor(db: Db, user: { id: number; name: string }, now: number): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const existing = await db.selectFrom('referral_codes').select('code').where('user_id', '=', user.id).executeTakeFirst();
    if (existing) return existing.code;
    await db
      .insertInto('referral_codes')
      .values({ user_id: user.id, code: newPromoCode(user.name), created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error(`no free promo code for user ${user.id}`);
}

/** The programme explained in one paragraph without line breaks (the wire's textNoBr). */
export function referralText(promoCode: string): string {
  return (
    `Готовься к ЕГЭ вместе с друзьями: поделись с ними промокодом ${promoCode}. ` +
    'Друг указывает его при покупке курса, и школа видит, что его пригласил ты. ' +
    'Бонусы за приглашённых друзей и их условия уточняй у своего куратора.'
  );
}
