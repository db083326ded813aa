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
