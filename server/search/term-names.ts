/** The lookup form of a term name: lower-case, ё→е, trimmed, runs of whitespace as one space (terms.name_normalized). */
export function normalizeTermName(name: string): string {
  return name.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
}
