/**
 * Compiled robots.txt patterns. `*` matches any sequence and a final `$` anchors the end;
 * everything else is literal. A pattern is split once into its literal pieces and matched
 * by anchored prefix + leftmost search for each later piece: the leftmost occurrence of a
 * piece always leaves the most room for the rest, so no backtracking is ever needed and
 * the work is linear in pattern and target length (docs/spec/robots-semantics.md §4; docs/architecture.md, "Matching is linear").
 */

export interface CompiledPattern {
  /** Literal pieces between `*`s; the first is anchored at the start of the target. */
  readonly pieces: readonly string[];
  /** The pattern ended in `$`. */
  readonly anchored: boolean;
}

/** Compiles a normalised pattern. A `$` that is not last is a literal, compared as `%24`. */
export function compilePattern(normalized: string): CompiledPattern {
  const anchored = normalized.endsWith('$');
  const body = anchored ? normalized.slice(0, -1) : normalized;
  const literal = body.includes('$') ? body.split('$').join('%24') : body;
  return { pieces: literal.split('*'), anchored };
}

export function matches(pattern: CompiledPattern, target: string): boolean {
  const pieces = pattern.pieces;
  const first = pieces[0]!;
  if (pieces.length === 1) {
    return pattern.anchored ? target === first : target.startsWith(first);
  }
  if (!target.startsWith(first)) return false;
  let pos = first.length;
  const last = pieces.length - 1;
  for (let i = 1; i < last; i++) {
    const piece = pieces[i]!;
    if (piece === '') continue;
    const at = target.indexOf(piece, pos);
    if (at < 0) return false;
    pos = at + piece.length;
  }
  const tail = pieces[last]!;
  if (pattern.anchored) return target.length - tail.length >= pos && target.endsWith(tail);
  return tail === '' || target.indexOf(tail, pos) >= 0;
}
