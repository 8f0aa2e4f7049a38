/** Joins class names, skipping empty ones: cx('a', open && 'is-open'). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
