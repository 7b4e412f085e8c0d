/**
 * The key a user name or e-mail address is unique by: NFKC-normalised, then case-folded (upper
 * then lower case, so that `ß`, `ẞ` and `SS` meet as `ss`, and final sigma meets sigma), trimmed.
 * `Ana`, `ANA` and `ａｎａ` (full-width) are the same account name.
 */
export function foldKey(value: string): string {
  return value.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').trim();
}
