/** A message as sent: blank lines and trailing spaces at the ends dropped, everything else as typed (indentation matters in code). */
export function tidyMessageText(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
}
