/**
 * The retry storm as a game day, played on the retry-storm engine itself (src/sim/retry-storm):
 * the seed's incident, its four services sharing one connection pool, pricing slow for four
 * seconds, and the article's naive retries. Nobody intervenes unless the player does, so left
 * alone the outage does not end.
 *
 * The game's clock starts `warmup` seconds before the trigger. Each service stands for the users
 * of one product, so the score's tenants are the four services. Actions map onto the engine's
 * own (retries off, a defence switched on, a restart, a forced breaker, a parameter), landing
 * after the catalogue's delays.
 */
import {
  createRun,
  defaultScenario,
  parameterDefaults,
  type StormAction,
  type StormRun,
} from "../retry-storm/index.ts";
import { listNames } from "../../format/words.ts";
import { actionSpec, startupSeconds } from "./actions.ts";
import type { GameModel, ModelSetup, Notice } from "./game.ts";
import type { GameScenario } from "./scenarios.ts";
import type { ComponentSnapshot, Telemetry } from "./telemetry.ts";

/** Seconds of normal traffic before pricing slows down. */
export const stormWarmup = 60;
/** The name that restarts every service at once (they share one process and its pool). */
export const platform = "platform";

class StormGame implements GameModel {
  readonly run: StormRun;
  readonly end: number;
  private readonly telemetry: Telemetry;
  private readonly services: string[];
  private readonly pending: { at: number; apply: () => void }[] = [];
  /** The pool size waiting for the platform's next restart (a pool is sized when its process starts). */
  private stagedPool: number | null = null;
  /** How each service's breaker is forced: "closed" (no breaker configured) unless the player forces it open. */
  private readonly breakerForce: ("open" | "closed")[];
  private retriesOn = true;
  private budgetOn = false;
  private shedOn = false;
  private notices: Notice[] = [];
  private lastTick = 0;
  /**
   * The game's clock, exactly the time it was last advanced to: the run's own clock starts at
   * minus the warm-up, and adding the warm-up back drifts (0.1 read back as 0.10000000000000142),
   * which put two actions taken in the same tenth out of order when their log was played again.
   */
  private clock: number;
  /** How many actions have been applied: the next one's index in the game's log. */
  private applied = 0;
  /** Pools grown at the next restart, by their action's index, that wait for it. */
  private readonly growsWaiting: number[] = [];
  /** When each of those landed: the platform's restart that sized the pool. */
  private readonly landed = new Map<number, number>();
  onTick: (rows: ComponentSnapshot[]) => void = () => {};

  constructor(scenario: GameScenario, seed: number, telemetry: Telemetry) {
    this.telemetry = telemetry;
    this.run = createRun(
      defaultScenario({
        seed,
        // The breaker is there but forced closed (it passes every call), so the player can force it open.
        defences: ["breaker"],
        params: { warmup: stormWarmup, duration: scenario.seconds - stormWarmup, intervention: null },
      }),
    );
    this.services = this.run.state().services.map((s) => s.name);
    this.breakerForce = this.services.map(() => "closed");
    for (const service of this.services) this.engine({ kind: "breaker", service, force: "closed" });
    this.clock = this.run.now + stormWarmup;
    this.end = scenario.seconds + (this.run.end - this.run.scenario.params.duration);
    this.run.observer = {
      arrival: (service, t) => telemetry.arrival(service, t + stormWarmup),
      outcome: (service, arrival, t, ok) => {
        telemetry.requestDone(service, arrival + stormWarmup, t + stormWarmup, ok);
        telemetry.componentWork(service, ok, (t - arrival) * 1000);
      },
    };
  }

  get now(): number {
    return this.clock;
  }

  private engine(action: StormAction): void {
    this.run.apply(action);
  }

  advanceTo(time: number): void {
    const stop = Math.min(time, this.end);
    // Whole seconds first (the dashboard's frames), with the actions due on the way.
    for (;;) {
      this.pending.sort((a, b) => a.at - b.at);
      const nextAction = this.pending[0]?.at ?? Infinity;
      const nextTick = this.lastTick + 1 <= this.telemetry.setup.seconds ? this.lastTick + 1 : Infinity;
      const next = Math.min(nextAction, nextTick);
      if (next > stop) break;
      this.run.advanceTo(next - stormWarmup);
      this.clock = next;
      if (next === nextAction) {
        this.pending.shift()!.apply();
        continue;
      }
      this.lastTick = next;
      this.tick();
    }
    this.run.advanceTo(stop - stormWarmup);
    this.clock = Math.max(this.clock, stop);
  }

  private later(delay: number, apply: () => void): void {
    this.pending.push({ at: this.now + delay, apply });
  }

  componentNames(): string[] {
    return [...this.services];
  }

  takeNotices(): Notice[] {
    const out = this.notices;
    this.notices = [];
    return out;
  }

  private tick(): void {
    const state = this.run.state();
    const pool = state.pools[0]!;
    this.onTick(
      state.services.map((s) => ({
        inUse: pool.inUse,
        capacity: pool.size,
        queue: pool.waiting,
        status: s.restarting ? "starting" : s.breaker === "open" ? "breaker open" : "up",
      })),
    );
  }

  check(action: string, target: string | null): string | null {
    switch (action) {
      case "retries-off":
        return this.retriesOn ? null : "retries are already off";
      case "retries-on":
        return this.retriesOn ? "retries are already on" : null;
      case "retry-budget":
        return this.budgetOn ? "the retry budget is already set" : null;
      case "shed-queue":
        return this.shedOn ? "the wait queue is already bounded" : null;
      case "grow-pool":
        return this.stagedPool !== null ? "a bigger pool already waits for the next restart" : null;
      case "restart": {
        if (target !== platform && !this.services.includes(target ?? "")) return `no service named "${target}"`;
        // Not twice on the same thing while the first is under way (the game's rule): a process
        // still starting is not restarted again, nor the platform while any of it starts.
        const starting = this.run
          .state()
          .services.filter((s) => s.restarting && (target === platform || s.name === target))
          .map((s) => s.name);
        if (starting.length === 0) return null;
        return target === platform
          ? `the platform is still restarting (${listNames(starting)} ${starting.length === 1 ? "is" : "are"} starting)`
          : `${target} is still restarting`;
      }
      case "breaker-open":
      case "breaker-closed": {
        const i = this.services.indexOf(target ?? "");
        if (i < 0) return `no service named "${target}"`;
        const force = action === "breaker-open" ? "open" : "closed";
        if (this.breakerForce[i] !== force) return null;
        // Closed is where every breaker starts (it passes every call): nobody forced it.
        return force === "open"
          ? `${target}'s breaker is already forced open`
          : `${target}'s breaker already passes every call`;
      }
      default:
        return `${action} is not an action in this scenario`;
    }
  }

  /**
   * Do it now; returns when its effect lands, or null for a pool grown at the next restart, which
   * waits for the platform to restart (`landedAt` then says when it did).
   */
  apply(action: string, target: string | null): number | null {
    const problem = this.check(action, target);
    if (problem) throw new RangeError(problem);
    const index = this.applied++;
    const delay = actionSpec(action as never).delay;
    const later = (effect: StormAction) => {
      this.later(delay, () => this.engine(effect));
      return this.now + delay;
    };
    switch (action) {
      case "retries-off":
        this.retriesOn = false;
        return later({ kind: "retries", on: false });
      case "retries-on":
        this.retriesOn = true;
        return later({ kind: "retries", on: true });
      case "retry-budget":
        this.budgetOn = true;
        return later({ kind: "defence", defence: "budget", on: true });
      case "shed-queue":
        this.shedOn = true;
        return later({ kind: "defence", defence: "shed", on: true });
      case "grow-pool":
        this.stagedPool = 2 * parameterDefaults.poolSize;
        this.growsWaiting.push(index);
        return null;
      case "restart":
        this.restart(target === platform ? this.services : [target!]);
        return this.now + delay;
      case "breaker-open":
      case "breaker-closed": {
        const i = this.services.indexOf(target!);
        const force = action === "breaker-open" ? "open" : "closed";
        this.breakerForce[i] = force;
        return later({ kind: "breaker", service: target!, force });
      }
    }
    throw new RangeError(`${action} is not an action in this scenario`);
  }

  /** When the effect of the `index`th action applied landed, for one that waited: null while it waits. */
  landedAt(index: number): number | null {
    return this.landed.get(index) ?? null;
  }

  private restart(services: string[]): void {
    for (const service of services) {
      this.engine({ kind: "restart", service, seconds: startupSeconds });
      // A fresh process reads its configuration again: no breaker rules, only what is forced.
      this.engine({ kind: "breaker", service, force: this.breakerForce[this.services.indexOf(service)]! });
    }
    if (services.length === this.services.length && this.stagedPool !== null) {
      this.engine({ kind: "parameter", name: "poolSize", value: this.stagedPool });
      this.stagedPool = null;
      for (const index of this.growsWaiting.splice(0)) this.landed.set(index, this.now);
    }
    this.notices.push({ at: this.now, text: `${services.length > 1 ? "the platform" : services[0]} restarting` });
  }
}

export function createStormModel(scenario: GameScenario, seed: number): ModelSetup {
  const scenarioRates = defaultScenario().services;
  return {
    tenants: scenarioRates.map((s) => s.name),
    baselineRate: scenarioRates.reduce((sum, s) => sum + s.rate, 0),
    build: (telemetry) => new StormGame(scenario, seed, telemetry),
  };
}
