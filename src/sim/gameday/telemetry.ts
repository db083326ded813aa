/**
 * What a game day measures, in two ledgers.
 *
 * - For the score, what users felt: every request by its tenant and the second it arrived,
 *   and whether it ended good (succeeded within the objective's latency) or bad.
 * - For the dashboard, what monitoring sees second by second: requests that finished in the
 *   second, their 99th-percentile latency, each component's success rate, p99, pool and queue,
 *   the tenants and cells hurting now, and the burn-rate alerts.
 *
 * Both models (the retry-storm engine and the fleet) report into this one recorder, so the
 * score and the dashboard mean the same thing in every scenario.
 */
import { quantileUnsorted, round } from "../retry-storm/metrics.ts";
import { BurnMonitor, type AlertEvent, type Slo } from "./slo.ts";

/** How long "now" is for tenants and cells hurting now, in seconds. */
export const recentSeconds = 10;
/** A tenant (or cell) is hurting when more than this share of its recent requests were bad. */
export const hurtingShare = 0.05;

export interface ComponentSnapshot {
  /** Connections, workers or slots busy at the end of the second. */
  inUse: number;
  capacity: number;
  /** Requests waiting for one. */
  queue: number;
  /** What its own monitoring says: "up", "starting", "down", "ejected", "v2"... */
  status: string;
}

export interface ComponentFrame extends ComponentSnapshot {
  /** Share of the work it finished in the second that succeeded; null when it finished none. */
  success: number | null;
  /** 99th-percentile latency (ms) of that work; null when it finished none. */
  p99: number | null;
}

/** One second of the dashboard, as monitoring saw it at the end of the second. */
export interface Frame {
  /** The end of this second, in seconds since the game started. */
  t: number;
  /** Requests that finished in the second, how many succeeded (however slowly), and how many were good. */
  finished: number;
  ok: number;
  good: number;
  /** p99 latency (ms) of the requests that finished in the second; null when none did. */
  p99: number | null;
  components: ComponentFrame[];
  /** Tenants, and cells, with more than `hurtingShare` of their requests bad over the last `recentSeconds`. */
  tenantsHurting: number;
  cellsHurting: number | null;
  /** Burn rate over each of the monitor's windows (shortest first). */
  burn: number[];
  /** Share of the period's error budget spent since the game started (requests finished bad). */
  budgetSpent: number;
  /** Ids of the alert rules firing at the end of the second. */
  alerts: string[];
}

export interface TelemetrySetup {
  tenants: readonly string[];
  /** Each tenant's cell (index into `cells`), when the system has cells. */
  tenantCells?: readonly number[];
  cells?: readonly string[];
  /** Dashboard rows; their count may also be set later with setComponents. */
  components: readonly string[];
  /** Seconds the game lasts: requests arriving from 0 up to this are scored. */
  seconds: number;
  slo: Slo;
  /** Requests a second before the game (healthy, none bad): the burn-rate windows' history. */
  baselineRate: number;
}

export class Telemetry {
  readonly setup: TelemetrySetup;
  /** By tenant and arrival second (tenant x seconds + second): requests that arrived, and those that ended bad. */
  readonly arrived: Int32Array;
  readonly bad: Int32Array;
  /** By tenant and arrival second: requests that ended (good or bad). */
  private readonly ended: Int32Array;
  readonly monitor: BurnMonitor;
  readonly frames: Frame[] = [];
  private readonly budgetRequests: number;
  private spent = 0;
  // This second's counts, by completion.
  private finishedNow = 0;
  private okNow = 0;
  private goodNow = 0;
  private readonly latenciesNow: number[] = [];
  /** Room to find a second's p99 latency in. */
  private scratch = new Float64Array(1024);
  private componentOk: number[] = [];
  private componentDone: number[] = [];
  private componentLatencies: number[][] = [];
  /** Per tenant, a ring of the last `recentSeconds` seconds: finished and bad. */
  private readonly recentFinished: Int32Array;
  private readonly recentBad: Int32Array;

  constructor(setup: TelemetrySetup) {
    this.setup = setup;
    const cells = setup.tenants.length * setup.seconds;
    this.arrived = new Int32Array(cells);
    this.bad = new Int32Array(cells);
    this.ended = new Int32Array(cells);
    this.monitor = new BurnMonitor(setup.slo, setup.baselineRate);
    this.budgetRequests = (1 - setup.slo.target) * setup.baselineRate * setup.slo.periodDays * 86_400;
    this.setComponents(setup.components.length);
    this.recentFinished = new Int32Array(setup.tenants.length * recentSeconds);
    this.recentBad = new Int32Array(setup.tenants.length * recentSeconds);
  }

  /** How many dashboard rows the model reports (known once the model is built). */
  setComponents(n: number): void {
    this.componentOk = new Array<number>(n).fill(0);
    this.componentDone = new Array<number>(n).fill(0);
    this.componentLatencies = Array.from({ length: n }, () => []);
  }

  /** The second being recorded now (frames closed so far). */
  get second(): number {
    return this.frames.length;
  }

  /** A request of `tenant` arrived at `t` (game seconds). Requests after the game are not scored. */
  arrival(tenant: number, t: number): void {
    const s = Math.floor(t);
    if (s >= 0 && s < this.setup.seconds) this.arrived[tenant * this.setup.seconds + s]!++;
  }

  /**
   * A request of `tenant` that arrived at `arrival` ended at `now`: `ok` if it succeeded. It is
   * good when it succeeded within the objective's latency.
   */
  requestDone(tenant: number, arrival: number, now: number, ok: boolean): void {
    const latencyMs = (now - arrival) * 1000;
    const good = ok && latencyMs <= this.setup.slo.latencyMs;
    const s = Math.floor(arrival);
    if (s >= 0 && s < this.setup.seconds) {
      this.ended[tenant * this.setup.seconds + s]!++;
      if (!good) this.bad[tenant * this.setup.seconds + s]!++;
    }
    if (now >= this.setup.seconds) return;
    this.finishedNow++;
    if (ok) this.okNow++;
    if (good) this.goodNow++;
    if (ok) this.latenciesNow.push(latencyMs);
    const slot = tenant * recentSeconds + (this.second % recentSeconds);
    this.recentFinished[slot]!++;
    if (!good) this.recentBad[slot]!++;
  }

  /** A component finished a piece of work (a try, a call) in `latencyMs`. */
  componentWork(component: number, ok: boolean, latencyMs: number): void {
    this.componentDone[component]!++;
    if (ok) {
      this.componentOk[component]!++;
      this.componentLatencies[component]!.push(latencyMs);
    }
  }

  /** The run is over: requests still unanswered count as bad, whatever would happen to them later. */
  closeUnfinished(): void {
    for (let i = 0; i < this.arrived.length; i++) {
      this.bad[i]! += this.arrived[i]! - this.ended[i]!;
      this.ended[i] = this.arrived[i]!;
    }
  }

  /** Close the current second with each component's state at its end; returns its frame and the alerts that changed. */
  closeSecond(snapshots: readonly ComponentSnapshot[]): { frame: Frame; changed: AlertEvent[] } {
    const s = this.second;
    const changed = this.monitor.record(this.finishedNow, this.finishedNow - this.goodNow);
    this.spent += this.finishedNow - this.goodNow;
    const p99 = (list: number[]) => {
      if (list.length === 0) return null;
      if (this.scratch.length < list.length) this.scratch = new Float64Array(list.length * 2);
      const values = this.scratch.subarray(0, list.length);
      values.set(list);
      return round(quantileUnsorted(values, 0.99)!, 1);
    };
    const components = snapshots.map((snap, c) => {
      const done = this.componentDone[c]!;
      const frame: ComponentFrame = {
        ...snap,
        success: done === 0 ? null : round(this.componentOk[c]! / done, 4),
        p99: p99(this.componentLatencies[c]!),
      };
      this.componentDone[c] = 0;
      this.componentOk[c] = 0;
      this.componentLatencies[c]!.length = 0;
      return frame;
    });
    // Tenants (and cells) hurting over the last few seconds, this one included.
    const tenants = this.setup.tenants.length;
    const cellHurt = this.setup.cells ? new Array<boolean>(this.setup.cells.length).fill(false) : null;
    const cellFinished = this.setup.cells ? new Array<number>(this.setup.cells.length).fill(0) : null;
    const cellBad = this.setup.cells ? new Array<number>(this.setup.cells.length).fill(0) : null;
    let tenantsHurting = 0;
    for (let t = 0; t < tenants; t++) {
      let finished = 0;
      let bad = 0;
      for (let k = 0; k < recentSeconds; k++) {
        finished += this.recentFinished[t * recentSeconds + k]!;
        bad += this.recentBad[t * recentSeconds + k]!;
      }
      if (finished > 0 && bad / finished > hurtingShare) tenantsHurting++;
      const cell = this.setup.tenantCells?.[t];
      if (cell !== undefined && cellFinished && cellBad) {
        cellFinished[cell]! += finished;
        cellBad[cell]! += bad;
      }
    }
    let cellsHurting: number | null = null;
    if (cellHurt && cellFinished && cellBad) {
      cellsHurting = 0;
      for (let c = 0; c < cellHurt.length; c++)
        if (cellFinished[c]! > 0 && cellBad[c]! / cellFinished[c]! > hurtingShare) cellsHurting++;
    }
    // The next second starts with its slot in the ring cleared.
    const next = (s + 1) % recentSeconds;
    for (let t = 0; t < tenants; t++) {
      this.recentFinished[t * recentSeconds + next] = 0;
      this.recentBad[t * recentSeconds + next] = 0;
    }
    const frame: Frame = {
      t: s + 1,
      finished: this.finishedNow,
      ok: this.okNow,
      good: this.goodNow,
      p99: p99(this.latenciesNow),
      components,
      tenantsHurting,
      cellsHurting,
      burn: this.monitor.windows.map((w) => round(this.monitor.burnRate(w), 2)),
      budgetSpent: round(this.spent / this.budgetRequests, 6),
      alerts: this.monitor.firingNow().map((e) => e.rule),
    };
    // Frames are history: frozen, so anything handed one (a policy, the page) can only read it.
    for (const c of frame.components) Object.freeze(c);
    Object.freeze(frame.components);
    Object.freeze(frame.burn);
    Object.freeze(frame.alerts);
    this.frames.push(Object.freeze(frame));
    this.finishedNow = 0;
    this.okNow = 0;
    this.goodNow = 0;
    this.latenciesNow.length = 0;
    return { frame, changed };
  }
}
