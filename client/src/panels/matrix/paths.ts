/**
 * Paths and URLs added to the matrix: which of them are on another origin than the one the
 * robots.txt governs, so the panel says so instead of testing them silently. The governed
 * origin is the one the file was fetched from, else the origin of the first URL in the matrix.
 */

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

function originOf(target: string): string | undefined {
  if (!ABSOLUTE.test(target)) return undefined;
  try {
    return new URL(target).origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * A warning naming the added URLs on another origin, or undefined when there are none.
 * `current`: the matrix's paths before the addition; `fetchedFrom`: the origin of a fetched file.
 */
export function otherOriginNotice(current: readonly string[], added: readonly string[], fetchedFrom: string | undefined): string | undefined {
  let governed = fetchedFrom?.toLowerCase();
  let inferred = false;
  for (const path of [...current, ...added]) {
    if (governed !== undefined) break;
    governed = originOf(path);
    inferred = governed !== undefined;
  }
  if (governed === undefined) return undefined;
  const others = added.filter((path) => {
    const origin = originOf(path);
    return origin !== undefined && origin !== governed;
  });
  if (others.length === 0) return undefined;
  const which = others.length === 1 ? `${others[0]} is on another origin` : `${others.join(', ')} are on other origins`;
  return inferred
    ? `${which} than ${governed}, the origin of the first URL in the matrix. A robots.txt governs only its own origin: the verdicts shown for ${others.length === 1 ? 'it' : 'them'} are only what these rules say about the path.`
    : `${which} than ${governed}, which this robots.txt was fetched from and governs: ${others.length === 1 ? 'its cells are' : 'their cells are'} not applicable (n/a).`;
}
