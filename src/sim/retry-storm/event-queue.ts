/**
 * The simulation's agenda: pending events ordered by time, then by the order they were
 * scheduled, so two events at the same instant always run in the same order (and the same
 * seed always prints the same bytes).
 *
 * Most events go into a binary min-heap. A stream of events its caller promises to schedule in
 * non-decreasing time (every client time-out is "now + the same time-out"; the once-a-second
 * ticks) goes into a lane of its own: a plain first-in first-out ring that costs no heap work
 * and keeps the heap small. All lanes share one order. Events are stored in parallel arrays, not
 * objects, so a run of a million events allocates almost nothing.
 */

/** One in-order lane: a growable ring of events in non-decreasing time. */
class Lane<Ref> {
  time = new Float64Array(64);
  seq = new Float64Array(64);
  kind = new Uint8Array(64);
  ref: (Ref | undefined)[] = new Array(64);
  head = 0;
  count = 0;

  lastTime(): number {
    return this.time[(this.head + this.count - 1) % this.time.length]!;
  }

  push(time: number, seq: number, kind: number, ref: Ref | undefined): void {
    if (this.count === this.time.length) this.grow();
    const i = (this.head + this.count) % this.time.length;
    this.time[i] = time;
    this.seq[i] = seq;
    this.kind[i] = kind;
    this.ref[i] = ref;
    this.count++;
  }

  private grow(): void {
    const old = this.time.length;
    const time = new Float64Array(old * 2);
    const seq = new Float64Array(old * 2);
    const kind = new Uint8Array(old * 2);
    const ref: (Ref | undefined)[] = new Array(old * 2);
    for (let k = 0; k < this.count; k++) {
      const i = (this.head + k) % old;
      time[k] = this.time[i]!;
      seq[k] = this.seq[i]!;
      kind[k] = this.kind[i]!;
      ref[k] = this.ref[i];
    }
    this.time = time;
    this.seq = seq;
    this.kind = kind;
    this.ref = ref;
    this.head = 0;
  }
}

export class EventQueue<Ref> {
  // Heap lane: slot numbers ordered by (time, seq); each slot's fields live in parallel arrays.
  private heap = new Int32Array(1024);
  private heapSize = 0;
  private time = new Float64Array(1024);
  private seq = new Float64Array(1024);
  private kind = new Uint8Array(1024);
  private ref: (Ref | undefined)[] = new Array(1024);
  private free: number[] = [];
  private slots = 0;
  private lanes: Lane<Ref>[] = [];
  private laneEvents = 0;

  private nextSeq = 0;
  /** The simulated clock: the time of the event most recently taken off the queue. */
  now: number;
  /** The event most recently taken off the queue. */
  kindOut = 0;
  refOut: Ref | undefined = undefined;

  constructor(start = 0) {
    this.now = start;
  }

  get size(): number {
    return this.heapSize + this.laneEvents;
  }

  /** Schedule an event of `kind` about `ref` at absolute simulated `time` (never before now). */
  schedule(time: number, kind: number, ref?: Ref): void {
    if (time < this.now) time = this.now;
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.slots++;
      if (slot >= this.time.length) this.growSlots();
    }
    this.time[slot] = time;
    this.seq[slot] = this.nextSeq++;
    this.kind[slot] = kind;
    this.ref[slot] = ref;
    if (this.heapSize === this.heap.length) {
      const bigger = new Int32Array(this.heap.length * 2);
      bigger.set(this.heap);
      this.heap = bigger;
    }
    // Sift up.
    const heap = this.heap;
    const times = this.time;
    const seqs = this.seq;
    const s = seqs[slot]!;
    let i = this.heapSize++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent]!;
      if (times[p]! < time || (times[p] === time && seqs[p]! < s)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = slot;
  }

  /**
   * Schedule an event on in-order lane `lane` (0, 1, ...), promising it is no earlier than every
   * event scheduled on that lane before it: it skips the heap. (Falls back to the heap if the
   * promise is broken, so order is never wrong.)
   */
  scheduleInOrder(time: number, kind: number, ref?: Ref, lane = 0): void {
    if (time < this.now) time = this.now;
    while (this.lanes.length <= lane) this.lanes.push(new Lane<Ref>());
    const l = this.lanes[lane]!;
    if (l.count > 0 && time < l.lastTime()) return this.schedule(time, kind, ref);
    l.push(time, this.nextSeq++, kind, ref);
    this.laneEvents++;
  }

  /** The time of the next event, or Infinity when none is pending. */
  peekTime(): number {
    let t = this.heapSize > 0 ? this.time[this.heap[0]!]! : Infinity;
    for (const l of this.lanes) if (l.count > 0 && l.time[l.head]! < t) t = l.time[l.head]!;
    return t;
  }

  /**
   * Take the earliest event off the queue, advance the clock to it and expose it as
   * `kindOut` / `refOut`. Returns false when nothing is pending.
   */
  pop(): boolean {
    // The earliest candidate: the heap's top, unless a lane's head comes first.
    let bestTime = Infinity;
    let bestSeq = Infinity;
    let best: Lane<Ref> | null = null;
    if (this.heapSize > 0) {
      const top = this.heap[0]!;
      bestTime = this.time[top]!;
      bestSeq = this.seq[top]!;
    }
    for (let k = 0; k < this.lanes.length; k++) {
      const l = this.lanes[k]!;
      if (l.count === 0) continue;
      const t = l.time[l.head]!;
      if (t < bestTime || (t === bestTime && l.seq[l.head]! < bestSeq)) {
        bestTime = t;
        bestSeq = l.seq[l.head]!;
        best = l;
      }
    }
    if (best) {
      const i = best.head;
      this.now = best.time[i]!;
      this.kindOut = best.kind[i]!;
      this.refOut = best.ref[i];
      best.ref[i] = undefined;
      best.head = (i + 1) % best.time.length;
      best.count--;
      this.laneEvents--;
      return true;
    }
    if (this.heapSize === 0) return false;
    const heap = this.heap;
    const times = this.time;
    const seqs = this.seq;
    const top = heap[0]!;
    this.now = times[top]!;
    this.kindOut = this.kind[top]!;
    this.refOut = this.ref[top];
    this.ref[top] = undefined;
    this.free.push(top);
    const n = --this.heapSize;
    if (n > 0) {
      const last = heap[n]!;
      const lt = times[last]!;
      const ls = seqs[last]!;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        let child = left;
        let c = heap[left]!;
        const right = left + 1;
        if (right < n) {
          const r = heap[right]!;
          if (times[r]! < times[c]! || (times[r] === times[c] && seqs[r]! < seqs[c]!)) {
            child = right;
            c = r;
          }
        }
        if (lt < times[c]! || (lt === times[c] && ls < seqs[c]!)) break;
        heap[i] = c;
        i = child;
      }
      heap[i] = last;
    }
    return true;
  }

  private growSlots(): void {
    const n = this.time.length * 2;
    const time = new Float64Array(n);
    time.set(this.time);
    this.time = time;
    const seq = new Float64Array(n);
    seq.set(this.seq);
    this.seq = seq;
    const kind = new Uint8Array(n);
    kind.set(this.kind);
    this.kind = kind;
    this.ref.length = n;
  }
}
