/**
 * How the course finds what someone meant by a name they typed (an exercise id in the terminal,
 * an export of "course" in a playground): the number of single-character insertions, deletions
 * and substitutions that turn one into the other (Levenshtein). Pure, no imports.
 */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/**
 * The one known name someone most likely meant by `typed`, for a "did you mean" (a simulation, a
 * command, a game-day scenario in the terminal): the name within 2 edits of it (editDistance), or
 * else the one name it begins (`shuffle` for shuffle-shard), when exactly one is nearest; none when
 * it is a name, or nothing is near, or two names are equally near.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  if (typed === "" || known.includes(typed)) return undefined;
  const near = known
    .map((name) => ({ name, distance: editDistance(typed, name) }))
    .filter(({ distance }) => distance <= 2);
  const best = Math.min(...near.map(({ distance }) => distance));
  const nearest = near.filter(({ distance }) => distance === best);
  if (nearest.length > 0) return nearest.length === 1 ? nearest[0]!.name : undefined;
  const begun = known.filter((name) => name.startsWith(typed));
  return begun.length === 1 ? begun[0] : undefined;
}
