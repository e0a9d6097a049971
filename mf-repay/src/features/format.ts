/** A date or number for interpolation inside a sentence, isolated the same way. */
export function ltrText(value: string | number): string {
  return `\u2068${value}\u2069`;
}
