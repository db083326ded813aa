/**
 * The simulations' one agenda: pending events ordered by time, then by the order they were
 * scheduled, so two events at the same instant always run in the same order (and the same
 * seed always prints the same bytes). The retry storm and the jitter contention model both
 * run on it.
 *
 * Most events go into a binary min-heap. A stream of events its caller promises to schedule in
 * non-decreasing time (every client timeout is "now + the same timeout"; the once-a-second
 * ticks) goes into a lane of its own: a first-in first-out ring (src/sim/ring.ts) that costs no
 * heap work and keeps the heap small. The caller names such a lane by number, or by the fixed
 * delay its events come after the clock (a retry's fixed back-off): events of one delay are due
 * in the order they were scheduled. All lanes share one order. Events are stored in parallel
 * arrays, not objects, so a run of a million events allocates almost nothing.
 *
 * Each event carries a tag, `order x kinds + kind`: comparing tags compares scheduling order
 * (each order is used once), and the kind comes back as `tag % kinds`.
 */
import { Ring } from "./ring.ts";

/** How many event kinds a queue can tell apart (0 .. kinds - 1). */
export const eventKinds = 16;

/** How many fixed delays get a lane of their own; events after any other delay go to the heap. */
export const delayLanes = 8;

export class EventQueue<Ref> {
  // Heap lane: slot numbers ordered by (time, tag); each slot's fields live in parallel arrays.
  private heap = new Int32Array(1024);
  private heapSize = 0;
  private time = new Float64Array(1024);
  private tag = new Float64Array(1024);
  private ref: (Ref | undefined)[] = new Array(1024);
  private free: number[] = [];
  private slots = 0;
  /** Every lane, numbered and by delay, in the order they were opened: what `pop` looks at. */
  private lanes: Ring<Ref | undefined>[] = [];
  /** The lanes `scheduleInOrder` names by number. */
  private numbered: Ring<Ref | undefined>[] = [];
  /** The lanes of `scheduleDelayed`, and the delay each is for. */
  private delayed: Ring<Ref | undefined>[] = [];
  private delays: number[] = [];
  private laneEvents = 0;

  private nextOrder = 0;
  /**
   * The simulated clock: the time of the event most recently taken off the queue. Declared with
   * a number (not left undefined until the constructor runs): a field that has held something
   * other than a number stores every new fraction as a freshly allocated box, once per event.
   */
  now = Number.NaN;
  /** The event most recently taken off the queue. */
  kindOut = 0;
  refOut: Ref | undefined = undefined;

  constructor(start = 0) {
    this.now = start;
  }

  get size(): number {
    return this.heapSize + this.laneEvents;
  }

  private nextTag(kind: number): number {
    if (!(kind >= 0 && kind < eventKinds && Number.isInteger(kind)))
      throw new RangeError(`event kind must be a whole number from 0 to ${eventKinds - 1}, got ${kind}`);
    return this.nextOrder++ * eventKinds + kind;
  }

  /** Schedule an event of `kind` about `ref` at absolute simulated `time` (never before now). */
  schedule(time: number, kind: number, ref?: Ref): void {
    if (time < this.now) time = this.now;
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.slots++;
      if (slot >= this.time.length) this.growSlots();
    }
    const tag = this.nextTag(kind);
    this.time[slot] = time;
    this.tag[slot] = tag;
    this.ref[slot] = ref;
    if (this.heapSize === this.heap.length) {
      const bigger = new Int32Array(this.heap.length * 2);
      bigger.set(this.heap);
      this.heap = bigger;
    }
    // Sift up.
    const heap = this.heap;
    const times = this.time;
    const tags = this.tag;
    let i = this.heapSize++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent]!;
      if (times[p]! < time || (times[p] === time && tags[p]! < tag)) break;
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
    while (this.numbered.length <= lane) this.numbered.push(this.openLane());
    this.pushOnLane(this.numbered[lane]!, time, kind, ref);
  }

  /**
   * Schedule an event at `time`, which is `delay` after the clock: a timeout or back-off that
   * is the same for every event it delays. Events of one delay are due in the order they are
   * scheduled, so each delay gets an in-order lane of its own and skips the heap (the first
   * `delayLanes` delays; the heap after that). Same order as `schedule` in every case.
   */
  scheduleDelayed(time: number, delay: number, kind: number, ref?: Ref): void {
    const delays = this.delays;
    let k = 0;
    while (k < delays.length && delays[k] !== delay) k++;
    if (k === delays.length) {
      if (k === delayLanes) return this.schedule(time, kind, ref);
      delays.push(delay);
      this.delayed.push(this.openLane());
    }
    this.pushOnLane(this.delayed[k]!, time, kind, ref);
  }

  private openLane(): Ring<Ref | undefined> {
    const lane = new Ring<Ref | undefined>();
    this.lanes.push(lane);
    return lane;
  }

  /** Onto `lane`, or onto the heap if it would come before the lane's last event. */
  private pushOnLane(lane: Ring<Ref | undefined>, time: number, kind: number, ref: Ref | undefined): void {
    if (time < this.now) time = this.now;
    if (lane.size > 0 && time < lane.tailTime()) return this.schedule(time, kind, ref);
    lane.push(time, this.nextTag(kind), ref);
    this.laneEvents++;
  }

  /** The time of the next event, or Infinity when none is pending. */
  peekTime(): number {
    let t = this.heapSize > 0 ? this.time[this.heap[0]!]! : Infinity;
    for (const l of this.lanes) if (l.size > 0 && l.time[l.head]! < t) t = l.time[l.head]!;
    return t;
  }

  /**
   * Take the earliest event off the queue if it is due no later than `until`, advance the clock
   * to it and expose it as `kindOut` / `refOut`. Returns false (and leaves the queue and the
   * clock alone) when nothing is pending that early.
   */
  pop(until = Infinity): boolean {
    // The earliest candidate: the heap's top, unless a lane's head comes first.
    let bestTime = Infinity;
    let bestTag = Infinity;
    let best: Ring<Ref | undefined> | null = null;
    if (this.heapSize > 0) {
      const top = this.heap[0]!;
      bestTime = this.time[top]!;
      bestTag = this.tag[top]!;
    }
    const lanes = this.lanes;
    for (let k = 0; k < lanes.length; k++) {
      const l = lanes[k]!;
      if (l.size === 0) continue;
      const t = l.time[l.head]!;
      if (t < bestTime || (t === bestTime && l.tag[l.head]! < bestTag)) {
        bestTime = t;
        bestTag = l.tag[l.head]!;
        best = l;
      }
    }
    if (bestTime > until) return false;
    if (best) {
      this.now = bestTime;
      this.kindOut = (bestTag % eventKinds) | 0;
      this.refOut = best.shift();
      this.laneEvents--;
      return true;
    }
    if (this.heapSize === 0) return false;
    const heap = this.heap;
    const times = this.time;
    const tags = this.tag;
    const top = heap[0]!;
    this.now = bestTime;
    this.kindOut = (bestTag % eventKinds) | 0;
    this.refOut = this.ref[top];
    this.ref[top] = undefined;
    this.free.push(top);
    const n = --this.heapSize;
    if (n > 0) {
      const last = heap[n]!;
      const lt = times[last]!;
      const ls = tags[last]!;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        let child = left;
        let c = heap[left]!;
        const right = left + 1;
        if (right < n) {
          const r = heap[right]!;
          if (times[r]! < times[c]! || (times[r] === times[c] && tags[r]! < tags[c]!)) {
            child = right;
            c = r;
          }
        }
        if (lt < times[c]! || (lt === times[c] && ls < tags[c]!)) break;
        heap[i] = c;
        i = child;
      }
      heap[i] = last;
    }
    return true;
  }

  /** Move the clock forward to `time` with no event (nothing due before it may be pending). */
  advanceClock(time: number): void {
    if (time > this.now) this.now = time;
  }

  private growSlots(): void {
    const n = this.time.length * 2;
    const time = new Float64Array(n);
    time.set(this.time);
    this.time = time;
    const tag = new Float64Array(n);
    tag.set(this.tag);
    this.tag = tag;
    this.ref.length = n;
  }
}
