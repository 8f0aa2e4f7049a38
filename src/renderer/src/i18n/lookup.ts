/**
 * A table of texts read by a key known only at run time (a status from the server, a stored
 * choice): typed as a string map so a lookup is allowed and may miss (`?? fallback` at the caller).
 */
export function lookup(texts: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return texts;
}
