/** Partial Fisher-Yates: shuffle only the first `size` positions, one draw each. */
export function randomShard(workers: number, size: number, rand: () => number): number[] {
  if (!Number.isInteger(workers) || workers < 0)
    throw new RangeError(`workers must be a whole number >= 0, got ${workers}`);
  if (!Number.isInteger(size) || size < 0 || size > workers)
    throw new RangeError(`size must be a whole number from 0 to ${workers}, got ${size}`);
  const pool = Array.from({ length: workers }, (_, i) => i);
  for (let i = 0; i < size; i++) {
    // Positions i.. are the workers not picked yet; pick one uniformly and move it to i.
    const j = i + Math.floor(rand() * (workers - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, size);
}
