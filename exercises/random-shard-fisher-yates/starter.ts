/**
 * Pick `size` distinct workers out of `workers` (numbered 0..workers-1), every combination
 * equally likely, using one rand() call per picked worker.
 */
export function randomShard(workers: number, size: number, rand: () => number): number[] {
  // TODO: check the arguments (RangeError).
  // TODO: build [0, 1, ..., workers - 1].
  // TODO: for i = 0 .. size - 1, swap position i with a random position j in [i, workers).
  // TODO: return the first `size` positions.
  throw new Error("randomShard is not written yet");
}
