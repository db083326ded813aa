/**
 * The simulations' one first-in first-out buffer: a growable ring whose entries are a time, a
 * number tag for the owner's use, and an item, each in its own column. A pool's wait queue
 * keeps its waiters here (time: when each joined), and so do the event queue's in-order lanes
 * (tag: the event's order and kind). Reading the oldest entry's time reads one number in a row
 * of numbers instead of chasing a pointer to an object that has waited, untouched, for seconds
 * (in a retry storm, tens of thousands of them).
 *
 * The columns and `head` are public so hot loops can read them without a call; `size` entries
 * from `head` (wrapping with `mask`) are live. Capacity is always a power of two.
 */
export class Ring<T> {
  time: Float64Array;
  tag: Float64Array;
  item: (T | undefined)[];
  head = 0;
  size = 0;
  mask: number;

  constructor(capacity = 64) {
    let n = 1;
    while (n < capacity) n *= 2;
    this.time = new Float64Array(n);
    this.tag = new Float64Array(n);
    this.item = new Array(n);
    this.mask = n - 1;
  }

  push(time: number, tag: number, item: T): void {
    if (this.size === this.time.length) this.grow();
    const i = (this.head + this.size) & this.mask;
    this.time[i] = time;
    this.tag[i] = tag;
    this.item[i] = item;
    this.size++;
  }

  /** The oldest entry's time (the ring must not be empty). */
  headTime(): number {
    return this.time[this.head]!;
  }

  /** The oldest entry's item (the ring must not be empty). */
  headItem(): T {
    return this.item[this.head]!;
  }

  /** The newest entry's time (the ring must not be empty). */
  tailTime(): number {
    return this.time[(this.head + this.size - 1) & this.mask]!;
  }

  /** Remove the oldest entry and return its item (the ring must not be empty). */
  shift(): T {
    const i = this.head;
    const item = this.item[i]!;
    this.item[i] = undefined;
    this.head = (i + 1) & this.mask;
    this.size--;
    return item;
  }

  /** Empty the ring, returning the items oldest first. */
  drain(): T[] {
    const out: T[] = [];
    while (this.size > 0) out.push(this.shift());
    return out;
  }

  private grow(): void {
    const n = this.time.length;
    const time = new Float64Array(n * 2);
    const tag = new Float64Array(n * 2);
    const item: (T | undefined)[] = new Array(n * 2);
    for (let k = 0; k < this.size; k++) {
      const i = (this.head + k) & this.mask;
      time[k] = this.time[i]!;
      tag[k] = this.tag[i]!;
      item[k] = this.item[i];
    }
    this.time = time;
    this.tag = tag;
    this.item = item;
    this.head = 0;
    this.mask = n * 2 - 1;
  }
}
