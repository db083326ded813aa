export class BulkheadFullError extends Error {
  constructor() {
    super("bulkhead full: too many calls in flight and waiting");
    this.name = "BulkheadFullError";
  }
}

export class Bulkhead {
  private active = 0;
  /** Waiting callers, oldest first; each starts its task when called. */
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queueSize: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a whole number >= 1, got ${limit}`);
    if (!Number.isInteger(queueSize) || queueSize < 0)
      throw new RangeError(`queueSize must be a whole number >= 0, got ${queueSize}`);
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) return this.start(task);
    if (this.waiting.length >= this.queueSize) return Promise.reject(new BulkheadFullError());
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => this.start(task).then(resolve, reject));
    });
  }

  private start<T>(task: () => Promise<T>): Promise<T> {
    this.active++;
    let result: Promise<T>;
    try {
      result = Promise.resolve(task());
    } catch (error) {
      result = Promise.reject(error);
    }
    const release = () => {
      this.active--;
      this.waiting.shift()?.();
    };
    return result.finally(release);
  }
}
