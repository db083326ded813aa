/**
 * The simulation's agenda: pending events ordered by time, then by the order they were
 * scheduled, so two events at the same instant always run in the same order (and the same
 * seed always prints the same bytes).
 *
 * Two lanes share one order. Most events go into a binary min-heap. Events a caller promises
 * to schedule in non-decreasing time (every client time-out is "now + the same time-out") go
 * into a plain first-in first-out ring instead, which costs no heap work at all. Events are
 * stored in parallel arrays, not objects, so a run of a million events allocates almost nothing.
 */

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
  // In-order lane: a growable ring.
  private laneTime = new Float64Array(1024);
  private laneSeq = new Float64Array(1024);
  private laneKind = new Uint8Array(1024);
  private laneRef: (Ref | undefined)[] = new Array(1024);
  private laneHead = 0;
  private laneCount = 0;

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
    return this.heapSize + this.laneCount;
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
   * Schedule an event no earlier than every event scheduled this way before it: it skips the
   * heap. (Falls back to the heap if the promise is broken, so order is never wrong.)
   */
  scheduleInOrder(time: number, kind: number, ref?: Ref): void {
    if (time < this.now) time = this.now;
    if (this.laneCount > 0) {
      const last = (this.laneHead + this.laneCount - 1) % this.laneTime.length;
      if (time < this.laneTime[last]!) return this.schedule(time, kind, ref);
    }
    if (this.laneCount === this.laneTime.length) this.growLane();
    const i = (this.laneHead + this.laneCount) % this.laneTime.length;
    this.laneTime[i] = time;
    this.laneSeq[i] = this.nextSeq++;
    this.laneKind[i] = kind;
    this.laneRef[i] = ref;
    this.laneCount++;
  }

  /** The time of the next event, or Infinity when none is pending. */
  peekTime(): number {
    const h = this.heapSize > 0 ? this.time[this.heap[0]!]! : Infinity;
    const l = this.laneCount > 0 ? this.laneTime[this.laneHead]! : Infinity;
    return h < l ? h : l;
  }

  /**
   * Take the earliest event off the queue, advance the clock to it and expose it as
   * `kindOut` / `refOut`. Returns false when nothing is pending.
   */
  pop(): boolean {
    const hasHeap = this.heapSize > 0;
    const hasLane = this.laneCount > 0;
    if (!hasHeap && !hasLane) return false;
    let fromLane = false;
    if (hasLane) {
      if (!hasHeap) fromLane = true;
      else {
        const top = this.heap[0]!;
        const lt = this.laneTime[this.laneHead]!;
        const ht = this.time[top]!;
        fromLane = lt < ht || (lt === ht && this.laneSeq[this.laneHead]! < this.seq[top]!);
      }
    }
    if (fromLane) {
      const i = this.laneHead;
      this.now = this.laneTime[i]!;
      this.kindOut = this.laneKind[i]!;
      this.refOut = this.laneRef[i];
      this.laneRef[i] = undefined;
      this.laneHead = (i + 1) % this.laneTime.length;
      this.laneCount--;
      return true;
    }
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

  private growLane(): void {
    const old = this.laneTime.length;
    const n = old * 2;
    const time = new Float64Array(n);
    const seq = new Float64Array(n);
    const kind = new Uint8Array(n);
    const ref: (Ref | undefined)[] = new Array(n);
    for (let k = 0; k < this.laneCount; k++) {
      const i = (this.laneHead + k) % old;
      time[k] = this.laneTime[i]!;
      seq[k] = this.laneSeq[i]!;
      kind[k] = this.laneKind[i]!;
      ref[k] = this.laneRef[i];
    }
    this.laneTime = time;
    this.laneSeq = seq;
    this.laneKind = kind;
    this.laneRef = ref;
    this.laneHead = 0;
  }
}
