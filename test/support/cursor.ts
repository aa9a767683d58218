/**
 * The `|` cursor markers of inline fixtures: tests write where the cursor (or a finding)
 * is right inside the robots.txt text, and these take the markers out again.
 */

/** Removes the `|` cursor markers, returning the text and the offsets they marked. */
export function unmark(marked: string): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = '';
  for (const ch of marked) {
    if (ch === '|') offsets.push(text.length);
    else text += ch;
  }
  return { text, offsets };
}

/** The text of a fixture with exactly one `|` cursor, and the offset of that cursor. */
export function cursorIn(marked: string): { text: string; offset: number } {
  const { text, offsets } = unmark(marked);
  if (offsets.length !== 1) throw new Error(`the fixture needs exactly one | cursor, not ${offsets.length}: ${JSON.stringify(marked)}`);
  return { text, offset: offsets[0]! };
}
