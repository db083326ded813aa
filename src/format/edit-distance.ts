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
 * The known names someone most likely meant by `typed`, nearest first, at most `limit` of them: the
 * course's one rule for a "did you mean" (an exercise id, a simulation, a command, a game-day
 * scenario in the terminal; an export of "course" in a playground). A name is near when it is
 * within a third of the typed length in edits (at least 2; case ignored), or, for three letters
 * typed or more, when one holds the other (`shuffle` for shuffle-shard). None for a known name.
 */
export function closeNames(typed: string, known: readonly string[], limit = 3): string[] {
  if (typed === "" || known.includes(typed)) return [];
  const lower = typed.toLowerCase();
  const reach = Math.max(2, Math.floor(typed.length / 3));
  return known
    .map((name) => {
      const other = name.toLowerCase();
      return { name, distance: editDistance(lower, other), holds: other.includes(lower) || lower.includes(other) };
    })
    .filter(({ distance, holds }) => distance <= reach || (holds && typed.length >= 3))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ name }) => name);
}
