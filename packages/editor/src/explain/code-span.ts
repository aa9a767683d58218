/**
 * Inline code that no text can close early, for sentences shown as Markdown: the fence is
 * one backtick longer than the longest run of backticks in the text, so a rule value like
 * ``/a``![img](…)``b`` stays one code span and nothing in it is read as Markdown or HTML.
 * A space pads each side when the text begins or ends with a backtick or a space, because
 * CommonMark strips exactly one such space from each side.
 */
export function codeSpan(text: string): string {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text.charCodeAt(i) === 0x60 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
