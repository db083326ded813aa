/**
 * A cell-based design's two halves. The control plane owns the mapping from partition key
 * (customer id) to cell and places new customers; the router is the thin data-plane piece
 * every request crosses, and it routes only from its own cached copy of that mapping.
 */
import { assertWholeNumber } from "../checks.ts";

export interface Customer {
  /** The partition key. */
  id: string;
  /** Share of traffic, in requests per second or any unit; 1 for a typical customer. */
  weight: number;
}

/** The mapping the control plane publishes and routers cache. Immutable: a change makes a new version. */
export interface CellMap {
  version: number;
  /** Number of cells, 0..cells-1. */
  cells: number;
  /** Most customers a cell may hold (cells have a bounded size; grow by adding cells). */
  cellCapacity: number;
  assignments: Assignments;
}

/** Who is in which cell, as a published mapping offers it: the reading half of a Map. */
export interface Assignments extends Iterable<[string, number]> {
  readonly size: number;
  get(customerId: string): number | undefined;
  has(customerId: string): boolean;
  keys(): IterableIterator<string>;
  values(): IterableIterator<number>;
  entries(): IterableIterator<[string, number]>;
}

/**
 * A published mapping's assignments: a map the control plane no longer writes, with the changes
 * made since it was shared laid over it, so that publishing after a move copies the move, not a
 * million customers. It reads as the one Map those writes would have made: the same entries, in
 * the same order (a customer moved keeps its place; a new one comes after every earlier one).
 */
class LayeredAssignments implements Assignments {
  readonly size: number;

  constructor(
    private readonly base: ReadonlyMap<string, number>,
    private readonly changes: ReadonlyMap<string, number>,
  ) {
    let added = 0;
    for (const id of changes.keys()) if (!base.has(id)) added++;
    this.size = base.size + added;
  }

  get(customerId: string): number | undefined {
    return this.changes.get(customerId) ?? this.base.get(customerId);
  }

  has(customerId: string): boolean {
    return this.changes.has(customerId) || this.base.has(customerId);
  }

  *entries(): IterableIterator<[string, number]> {
    for (const [id, cell] of this.base) yield [id, this.changes.get(id) ?? cell];
    for (const [id, cell] of this.changes) if (!this.base.has(id)) yield [id, cell];
  }

  *keys(): IterableIterator<string> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): IterableIterator<number> {
    for (const [, cell] of this.entries()) yield cell;
  }

  [Symbol.iterator](): IterableIterator<[string, number]> {
    return this.entries();
  }
}

export function emptyCellMap(cells: number, cellCapacity = Number.POSITIVE_INFINITY): CellMap {
  assertWholeNumber("cells", cells, 1);
  if (!(cellCapacity >= 1)) throw new RangeError(`cellCapacity must be at least 1, got ${cellCapacity}`);
  return { version: 0, cells, cellCapacity, assignments: new Map() };
}

/** How many customers each cell holds. */
export function cellPopulations(map: CellMap): number[] {
  const counts = new Array<number>(map.cells).fill(0);
  for (const cell of map.assignments.values()) counts[cell]!++;
  return counts;
}

/** Where a customer was placed, and the mapping version that records it. */
export type Placement =
  | { ok: true; cell: number; version: number }
  | { ok: false; reason: "control-plane-down" | "all-cells-full" };

/**
 * The cells ordered by how many customers each holds, then by number: the first is the cell a new
 * customer goes to. A binary min-heap of cell numbers that knows where each cell sits in it, so
 * a cell whose count changed moves to its place in a few steps, instead of every placement
 * scanning every cell (a million customers in 1,000 cells took 10^9 comparisons).
 */
class CellOrder {
  private readonly heap: number[] = [];
  /** Where each cell is in `heap`. */
  private readonly at: number[] = [];

  /** `populations` is read, never written: the control plane changes it, then calls `changed`. */
  constructor(private readonly populations: readonly number[]) {
    for (let cell = 0; cell < populations.length; cell++) this.added(cell);
  }

  /** The least-populated cell, the lowest-numbered on ties. */
  get first(): number {
    return this.heap[0]!;
  }

  /** A new cell, numbered after every other. */
  added(cell: number): void {
    this.heap.push(cell);
    this.at[cell] = this.heap.length - 1;
    this.up(this.heap.length - 1);
  }

  /** A cell whose count went up or down. */
  changed(cell: number): void {
    this.down(this.up(this.at[cell]!));
  }

  private before(a: number, b: number): boolean {
    const pa = this.populations[a]!;
    const pb = this.populations[b]!;
    return pa < pb || (pa === pb && a < b);
  }

  private put(i: number, cell: number): void {
    this.heap[i] = cell;
    this.at[cell] = i;
  }

  /** Moves the cell at `i` towards the top while it comes before its parent; returns where it stops. */
  private up(i: number): number {
    const cell = this.heap[i]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(cell, this.heap[parent]!)) break;
      this.put(i, this.heap[parent]!);
      i = parent;
    }
    this.put(i, cell);
    return i;
  }

  private down(i: number): void {
    const cell = this.heap[i]!;
    const n = this.heap.length;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.before(this.heap[child + 1]!, this.heap[child]!)) child++;
      if (!this.before(this.heap[child]!, cell)) break;
      this.put(i, this.heap[child]!);
      i = child;
    }
    this.put(i, cell);
  }
}

/**
 * The control plane. It is the part allowed to change the mapping, and it can be down;
 * when it is, nothing can be placed or moved, but nothing already placed is affected.
 */
export class ControlPlane {
  up = true;
  // Mutable state behind immutable published snapshots. Placing 100,000 customers must not copy
  // the whole mapping 100,000 times, and publishing after a move must not copy it once: writes
  // go straight into `base` until a snapshot shares it, then into `changes`, which a snapshot
  // copies; once `changes` outgrows the square root of `base`, the two are merged into a new
  // `base` of the control plane's own. A change then costs, amortized, about twice that root
  // even when every change is published (a million customers: a thousand entries, not a million).
  private version: number;
  private cells: number;
  private readonly cellCapacity: number;
  private base: Map<string, number>;
  private readonly changes = new Map<string, number>();
  /** Whether a published snapshot reads `base`, so it must not be written. */
  private baseShared = false;
  private readonly populations: number[];
  private readonly order: CellOrder;
  private snapshot: CellMap | undefined;

  constructor(initial: CellMap) {
    this.version = initial.version;
    this.cells = initial.cells;
    this.cellCapacity = initial.cellCapacity;
    this.base = new Map(initial.assignments);
    this.populations = cellPopulations(initial);
    this.order = new CellOrder(this.populations);
    this.snapshot = initial;
  }

  /** The latest published mapping. Routers fetch it; when the control plane is down they cannot. */
  publish(): CellMap | undefined {
    if (!this.up) return undefined;
    if (!this.snapshot) {
      this.baseShared = true;
      this.snapshot = {
        version: this.version,
        cells: this.cells,
        cellCapacity: this.cellCapacity,
        assignments: new LayeredAssignments(this.base, new Map(this.changes)),
      };
    }
    return this.snapshot;
  }

  /** Place a new customer in the least-populated cell that has room (lowest number on ties). */
  place(customerId: string): Placement {
    if (!this.up) return { ok: false, reason: "control-plane-down" };
    const existing = this.cellOf(customerId);
    if (existing !== undefined) return { ok: true, cell: existing, version: this.version };
    // The least-populated cell is full only when every cell is.
    const best = this.order.first;
    if (this.populations[best]! >= this.cellCapacity) return { ok: false, reason: "all-cells-full" };
    this.set(customerId, best);
    return { ok: true, cell: best, version: this.version };
  }

  /** Point a customer at another cell: the "flip the mapping" step of a move. */
  assign(customerId: string, cell: number): Placement {
    if (!this.up) return { ok: false, reason: "control-plane-down" };
    if (!Number.isInteger(cell) || cell < 0 || cell >= this.cells) throw new RangeError(`no cell ${cell}`);
    this.set(customerId, cell);
    return { ok: true, cell, version: this.version };
  }

  /** Grow by one cell: how a cell-based system scales. */
  addCell(): CellMap | undefined {
    if (!this.up) return undefined;
    this.cells++;
    this.populations.push(0);
    this.order.added(this.cells - 1);
    this.version++;
    this.snapshot = undefined;
    return this.publish();
  }

  private cellOf(customerId: string): number | undefined {
    return this.changes.get(customerId) ?? this.base.get(customerId);
  }

  private set(customerId: string, cell: number): void {
    const previous = this.cellOf(customerId);
    if (previous !== undefined) {
      this.populations[previous]!--;
      this.order.changed(previous);
    }
    if (!this.baseShared) this.base.set(customerId, cell);
    else {
      this.changes.set(customerId, cell);
      if (this.changes.size > Math.max(64, Math.sqrt(this.base.size))) {
        this.base = new Map(this.base);
        for (const [id, at] of this.changes) this.base.set(id, at);
        this.changes.clear();
        this.baseShared = false;
      }
    }
    this.populations[cell]!++;
    this.order.changed(cell);
    this.version++;
    this.snapshot = undefined;
  }
}

export type Route =
  | { ok: true; cell: number; mapVersion: number }
  | { ok: false; reason: "unknown-customer" | "no-mapping" };

/**
 * The router: one job, look up the cell. It never calls the control plane on the request
 * path; `refresh` pulls a new mapping in the background and keeps the old one when it cannot.
 */
export class CellRouter {
  private cache: CellMap | undefined;
  constructor(initial?: CellMap) {
    this.cache = initial;
  }

  get cachedVersion(): number | undefined {
    return this.cache?.version;
  }

  /** Try to fetch the latest mapping; returns whether the cache is now current. */
  refresh(controlPlane: ControlPlane): boolean {
    const latest = controlPlane.publish();
    if (!latest) return false; // Control plane down: keep routing on the last known mapping.
    this.cache = latest;
    return true;
  }

  route(customerId: string): Route {
    if (!this.cache) return { ok: false, reason: "no-mapping" };
    const cell = this.cache.assignments.get(customerId);
    if (cell === undefined) return { ok: false, reason: "unknown-customer" };
    return { ok: true, cell, mapVersion: this.cache.version };
  }
}

/** Customers "c0", "c1", ... each of weight 1: uniform partition keys. */
export function uniformCustomers(count: number): Customer[] {
  return Array.from({ length: count }, (_, i) => ({ id: `c${i}`, weight: 1 }));
}

/** A control plane with every given customer placed, and a router that has cached its mapping. */
export function placeAll(
  customers: readonly Customer[],
  cells: number,
  cellCapacity?: number,
): { controlPlane: ControlPlane; router: CellRouter } {
  const controlPlane = new ControlPlane(emptyCellMap(cells, cellCapacity));
  for (const c of customers) {
    const placed = controlPlane.place(c.id);
    if (!placed.ok) throw new Error(`cannot place ${c.id}: ${placed.reason}`);
  }
  const router = new CellRouter();
  router.refresh(controlPlane);
  return { controlPlane, router };
}
