/** Thrown (as a rejection) when both the running slots and the queue are full. */
export class BulkheadFullError extends Error {
  constructor() {
    super("bulkhead full: too many calls in flight and waiting");
    this.name = "BulkheadFullError";
  }
}

/** At most `limit` tasks at once, at most `queueSize` waiting, the rest rejected at once. */
export class Bulkhead {
  constructor(
    readonly limit: number,
    readonly queueSize: number,
  ) {
    // TODO: validate.
  }

  get running(): number {
    throw new Error("Bulkhead is not written yet");
  }

  get queued(): number {
    throw new Error("Bulkhead is not written yet");
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    // TODO: start now, queue, or reject with a BulkheadFullError.
    throw new Error("Bulkhead is not written yet");
  }
}
