/**
 * The metrics recorder: one slot per simulated second from -warmup, filled as events happen,
 * and turned into the per-second series and the summary's counts on demand (at the end of a
 * run, or at any moment of a run still going, for a live dashboard).
 */
import { quantileUnsorted, round, type PoolSeries, type RetryStormMetrics, type ServiceSeries } from "./metrics.ts";

export interface ServiceCounts {
  /** Tries sent, by second. */
  attempts: number[];
  /** Original requests that succeeded, by the second they completed. */
  successes: number[];
  /** Original requests that arrived, by second. */
  arrived: number[];
  /** Of the originals arriving each second, those that eventually succeeded. */
  servedByArrival: number[];
}

/**
 * Of the originals arriving in one second, the share served; null when none arrived: a second
 * with nothing to measure has no success rate (it is not 100%).
 */
const shareServed = (arrived: number, served: number) => (arrived === 0 ? null : round(served / arrived, 4));

export class MetricsRecorder {
  /** Seconds recorded: ceil(warmup + duration). */
  readonly buckets: number;
  readonly warmup: number;
  readonly poolInUse: number[];
  readonly waiting: number[];
  readonly abandonedInUse: number[];
  readonly capacity: number[];
  readonly dependencyCalls: number[];
  readonly latencies: number[][];
  readonly perService: ServiceCounts[];
  /** Original requests per service, and how many of them succeeded, over the whole run. */
  readonly requests: number[];
  readonly succeeded: number[];
  tries = 0;
  calls = 0;
  abandonedWork = 0;
  poolFullAt: number | null = null;
  /** The first moment a try waited its pool's whole acquire timeout and was refused a connection. */
  firstRefusalAt: number | null = null;
  /** Tries shed, over the whole run: turned away at once, without a wait, by shedding's queue limit. */
  shed = 0;
  /** The first moment a try was shed. */
  firstShedAt: number | null = null;
  /** The last second whose end-of-second figures (pool, queue) have been recorded, as a slot. */
  lastTick = -1;
  /** Each pool's connections in use by second, by pool name, in the order the pools appeared. */
  private readonly pools = new Map<string, PoolSeries>();

  constructor(warmup: number, duration: number, services: number) {
    this.warmup = warmup;
    this.buckets = Math.ceil(warmup + duration);
    const zeros = () => new Array<number>(this.buckets).fill(0);
    this.poolInUse = zeros();
    this.waiting = zeros();
    this.abandonedInUse = zeros();
    this.capacity = zeros();
    this.dependencyCalls = zeros();
    this.latencies = Array.from({ length: this.buckets }, () => []);
    this.perService = Array.from({ length: services }, () => ({
      attempts: zeros(),
      successes: zeros(),
      arrived: zeros(),
      servedByArrival: zeros(),
    }));
    this.requests = new Array<number>(services).fill(0);
    this.succeeded = new Array<number>(services).fill(0);
  }

  /** The slot of simulated time `t` (seconds from the trigger). */
  bucketOf(t: number): number {
    return Math.floor(t + this.warmup);
  }

  /** The slot of `t`, or -1 outside the recorded seconds (the drain after the end). */
  inBucket(t: number): number {
    const b = Math.floor(t + this.warmup);
    return b >= 0 && b < this.buckets ? b : -1;
  }

  arrival(service: number, now: number): void {
    this.requests[service]!++;
    this.perService[service]!.arrived[this.bucketOf(now)]!++;
  }

  attempt(service: number, now: number): void {
    this.tries++;
    const b = this.inBucket(now);
    if (b >= 0) this.perService[service]!.attempts[b]!++;
  }

  call(now: number): void {
    this.calls++;
    const b = this.inBucket(now);
    if (b >= 0) this.dependencyCalls[b]!++;
  }

  success(service: number, arrival: number, now: number): void {
    this.succeeded[service]!++;
    const counts = this.perService[service]!;
    const b = this.inBucket(now);
    if (b >= 0) {
      counts.successes[b]!++;
      this.latencies[b]!.push((now - arrival) * 1000);
    }
    const a = this.inBucket(arrival);
    if (a >= 0) counts.servedByArrival[a]!++;
  }

  /** The end of second `now - 1`: what the pools hold and how many wait. */
  tick(
    now: number,
    pools: readonly { name: string; size: number; inUse: number }[],
    inUse: number,
    waiting: number,
    abandoned: number,
    capacity: number,
  ): void {
    const b = this.bucketOf(now) - 1;
    for (const pool of pools) {
      let series = this.pools.get(pool.name);
      if (!series) {
        series = { name: pool.name, size: pool.size, inUse: new Array<number>(this.buckets).fill(0) };
        this.pools.set(pool.name, series);
      }
      series.size = pool.size;
      series.inUse[b] = pool.inUse;
    }
    this.poolInUse[b] = inUse;
    this.waiting[b] = waiting;
    this.abandonedInUse[b] = abandoned;
    this.capacity[b] = capacity;
    this.lastTick = b;
  }

  poolFull(now: number): void {
    if (this.poolFullAt === null && now >= 0) this.poolFullAt = now;
  }

  refusal(at: number): void {
    if (this.firstRefusalAt === null) this.firstRefusalAt = at;
  }

  /** A try turned away at `now` by shedding, without a wait. */
  shedTry(now: number): void {
    this.shed++;
    if (this.firstShedAt === null) this.firstShedAt = now;
  }

  /** How many of the first `seconds` slots there are (all of them once the run is over). */
  private slots(seconds: number): number {
    return Math.max(0, Math.min(this.buckets, seconds));
  }

  /**
   * Of the originals arriving in each of the first `seconds` slots, all services together, the
   * share served (null when none arrived): the series a recovery is read from. The summary needs
   * only this, so it is computed without the rest of `metrics`.
   */
  successRate(seconds = this.buckets): (number | null)[] {
    const n = this.slots(seconds);
    const rate = new Array<number | null>(n);
    for (let b = 0; b < n; b++) {
      const { arrived, served } = this.arrivedAndServed(b);
      rate[b] = shareServed(arrived, served);
    }
    return rate;
  }

  /** Of the originals of `services` (all, unless named) arriving in slot `b`: how many, and how many were served. */
  arrivedAndServed(
    b: number,
    services: readonly ServiceCounts[] = this.perService,
  ): { arrived: number; served: number } {
    let arrived = 0;
    let served = 0;
    for (const m of services) {
      arrived += m.arrived[b]!;
      served += m.servedByArrival[b]!;
    }
    return { arrived, served };
  }

  /**
   * The series over the first `seconds` slots (all of them once the run is over). A second's
   * success rate counts its requests by arrival, so it is final only once they have finished.
   */
  metrics(names: readonly string[], seconds = this.buckets): RetryStormMetrics {
    const n = this.slots(seconds);
    const cut = <T>(xs: T[]) => (n === this.buckets ? xs.slice() : xs.slice(0, n));
    const time = Array.from({ length: n }, (_, i) => i - this.warmup);
    const rateBySecond = (arrived: number[], served: number[]) =>
      time.map((_, b) => shareServed(arrived[b]!, served[b]!));
    const total = (count: keyof ServiceCounts) =>
      time.map((_, b) => this.perService.reduce((acc, m) => acc + m[count][b]!, 0));
    const services: ServiceSeries[] = this.perService.map((m, i) => ({
      name: names[i]!,
      attempts: cut(m.attempts),
      successes: cut(m.successes),
      successRate: rateBySecond(m.arrived, m.servedByArrival),
    }));
    const latencyP50: (number | null)[] = [];
    const latencyP99: (number | null)[] = [];
    for (let b = 0; b < n; b++) {
      const list = this.latencies[b]!;
      if (list.length === 0) {
        latencyP50.push(null);
        latencyP99.push(null);
        continue;
      }
      const values = Float64Array.from(list);
      latencyP50.push(round(quantileUnsorted(values, 0.5)!, 1));
      latencyP99.push(round(quantileUnsorted(values, 0.99)!, 1));
    }
    return {
      time,
      poolInUse: cut(this.poolInUse),
      abandonedInUse: cut(this.abandonedInUse),
      poolCapacity: 0, // set by the engine: connections that exist now
      capacity: cut(this.capacity),
      pools: [...this.pools.values()].map((p) => ({ name: p.name, size: p.size, inUse: cut(p.inUse) })),
      waiting: cut(this.waiting),
      attempts: total("attempts"),
      dependencyCalls: cut(this.dependencyCalls),
      successes: total("successes"),
      successRate: this.successRate(n),
      latencyP50,
      latencyP99,
      services,
    };
  }
}
