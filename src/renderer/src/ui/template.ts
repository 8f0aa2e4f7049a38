/**
 * Fills `{name}` placeholders of an `ru` text. Unknown placeholders stay as written so a
 * missing value is visible instead of silently becoming 'undefined'.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
