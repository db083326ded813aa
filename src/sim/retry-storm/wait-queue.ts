/**
 * A pool's first-in first-out wait queue. Arrival times sit in their own typed array beside the
 * waiters, so checking whether the oldest waiter has run out of patience reads one number in a
 * row of numbers instead of chasing a pointer to an object that has waited, untouched, for
 * seconds (in a storm, tens of thousands of them).
 */
export class WaitQueue<T> {
  private items: (T | undefined)[] = new Array(256);
  private times = new Float64Array(256);
  private head = 0;
  size = 0;

  push(item: T, time: number): void {
    if (this.size === this.times.length) this.grow();
    const i = (this.head + this.size) & (this.times.length - 1);
    this.items[i] = item;
    this.times[i] = time;
    this.size++;
  }

  /** When the oldest waiter arrived (the queue must not be empty). */
  oldestTime(): number {
    return this.times[this.head]!;
  }

  oldest(): T {
    return this.items[this.head]!;
  }

  shift(): T {
    const item = this.items[this.head]!;
    this.items[this.head] = undefined;
    this.head = (this.head + 1) & (this.times.length - 1);
    this.size--;
    return item;
  }

  /** Empty the queue, returning the waiters oldest first. */
  drain(): T[] {
    const out: T[] = [];
    while (this.size > 0) out.push(this.shift());
    return out;
  }

  private grow(): void {
    const n = this.times.length;
    const items: (T | undefined)[] = new Array(n * 2);
    const times = new Float64Array(n * 2);
    for (let k = 0; k < this.size; k++) {
      const i = (this.head + k) & (n - 1);
      items[k] = this.items[i];
      times[k] = this.times[i]!;
    }
    this.items = items;
    this.times = times;
    this.head = 0;
  }
}
