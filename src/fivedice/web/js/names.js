// Players' names as the server reads them: trimmed, inner spaces collapsed, and two names that
// differ only in capitals or spaces are one name (the server refuses the second: name_taken).
// The page checks first only to say so before it opens a table.

/** The name as it will be shown: trimmed, one space between words. */
export function cleanName(name) {
  return String(name).split(/\s+/).filter(Boolean).join(" ");
}

/** What two names must differ in to be two players. */
export function nameKey(name) {
  return cleanName(String(name).normalize("NFKC")).toLowerCase();
}

/** Whether any two of the names are one name. */
export function hasTwins(names) {
  return new Set(names.map(nameKey)).size !== names.length;
}
