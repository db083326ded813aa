/**
 * Every action does what the catalogue says, after the delay it gives, on the model that plays
 * it: small fleets built for the purpose, and the retry-storm engine itself.
 */
import { describe, expect, test } from "vitest";
import {
  type ActionId,
  actionCatalogue,
  actionSpec,
  retryBudgetRatio,
  retryBudgetWindowSeconds,
  scaleOutHosts,
  scaleOutSeconds,
  startupSeconds,
} from "./actions.ts";
import type { Fleet, FleetSpec } from "./fleet.ts";
import { Game } from "./game.ts";
import { actionDelay, findScenario, gameSlo, scenarios, type GameScenario, type Offer } from "./scenarios.ts";
import { capitalised, halfMinutesInWords } from "./spoken.ts";
import type { Frame } from "./telemetry.ts";

const slow = { timeout: 60_000 };

function miniFleet(overrides: Partial<FleetSpec> = {}): FleetSpec {
  return {
    seconds: 200,
    drain: 10,
    hosts: [
      { name: "h1", cell: 0, zone: 0 },
      { name: "h2", cell: 1, zone: 1 },
    ],
    cells: null,
    zones: ["z1", "z2"],
    tenants: [{ name: "t1", rate: 20, cell: 0 }],
    routing: "pooled",
    slots: 4,
    queueLimit: 50,
    shedQueueLimit: 4,
    serviceMs: { median: 20, sigma: 0.3 },
    client: { tryTimeout: 1, attempts: 3, retryDelayMs: 100, backoffCapMs: 1000 },
    lowPriorityShare: 0.3,
    writeShare: 0,
    database: null,
    cache: null,
    detectSeconds: 10,
    crashRecovery: 20,
    faults: [],
    rollout: null,
    controlPlaneImpaired: false,
    components: "host",
    cacheComponent: false,
    ...overrides,
  };
}

/** A scenario around a small fleet that offers every action (targets: the fleet's names). */
function mini(overrides: Partial<FleetSpec> = {}): Game {
  const spec = miniFleet(overrides);
  const targets: Record<string, readonly string[]> = {
    host: spec.hosts.map((h) => h.name),
    service: spec.hosts.map((h) => h.name),
    tenant: spec.tenants.map((t) => t.name),
    cell: spec.cells ?? [],
    zone: spec.zones,
  };
  const offers: Offer[] = actionCatalogue.map((a) =>
    a.target ? { action: a.id, targets: targets[a.target] } : { action: a.id },
  );
  const scenario: GameScenario = {
    id: "mini",
    code: "mi",
    title: "mini",
    summary: "",
    briefing: "",
    chapters: ["failure-modes"],
    seconds: spec.seconds,
    faultAt: 0,
    cause: "",
    faultLabel: "",
    slo: gameSlo,
    seed: 1,
    offers,
    reference: [],
    referenceWhy: "",
    trap: { entry: { at: 0, action: offers[0]!.action }, why: "" },
    model: { kind: "fleet", build: () => spec },
  };
  return new Game(scenario, 1);
}

const fleetOf = (game: Game) => game.model as unknown as Fleet;

/** Sum over frames ending in (from, to]. */
function sum(frames: readonly Frame[], from: number, to: number, pick: (f: Frame) => number): number {
  return frames.filter((f) => f.t > from && f.t <= to).reduce((n, f) => n + pick(f), 0);
}
const okShare = (g: Game, from: number, to: number) =>
  sum(g.frames, from, to, (f) => f.ok) / sum(g.frames, from, to, (f) => f.finished);
const goodShare = (g: Game, from: number, to: number) =>
  sum(g.frames, from, to, (f) => f.good) / sum(g.frames, from, to, (f) => f.finished);

test("every action in the catalogue is offered by at least one scenario, and every offer names a catalogue action", () => {
  const offered = new Set(scenarios.flatMap((s) => s.offers.map((o) => o.action)));
  expect([...offered].sort()).toEqual(actionCatalogue.map((a) => a.id).sort());
  expect(new Set(actionCatalogue.map((a) => a.code)).size).toBe(actionCatalogue.length);
});

describe("the fleet", () => {
  test("retries-off: after its delay a failed try is the request's last; retries-on brings them back", () => {
    // h1's zone is lost and the load balancer never notices: half the first tries vanish.
    const game = mini({ faults: [{ kind: "lose-zone", at: 0, zone: 0 }], detectSeconds: 1000 });
    game.advanceTo(20);
    game.act("retries-off");
    game.advanceTo(100);
    game.act("retries-on");
    game.advanceTo(200);
    const delay = actionSpec("retries-off").delay;
    expect(okShare(game, 5, 20 + delay)).toBe(1); // the retry on h2 succeeds (late)
    expect(okShare(game, 20 + delay + 2, 100)).toBeCloseTo(0.5, 1);
    expect(okShare(game, 100 + delay + 2, 200)).toBe(1);
  });

  test("retry-budget: once pushed, retries are held to a tenth of requests", () => {
    const game = mini({ faults: [{ kind: "lose-zone", at: 0, zone: 0 }], detectSeconds: 1000 });
    game.advanceTo(20);
    game.act("retry-budget");
    game.advanceTo(200);
    const delay = actionSpec("retry-budget").delay;
    expect(okShare(game, 5, 20 + delay)).toBe(1);
    // Half the requests need a retry; the budget grants one to about 1 in 10 requests.
    const after = okShare(game, 20 + delay + 10, 200);
    expect(after).toBeGreaterThan(0.55);
    expect(after).toBeLessThan(0.65);
  });

  test("jitter-on: retries wait the same fixed delay until jitter lands, then a random time up to the backoff", () => {
    const game = mini();
    const fleet = fleetOf(game);
    expect(new Set([0, 0, 1, 1, 2].map((n) => fleet.retryDelayMs(n)))).toEqual(new Set([100]));
    game.advanceTo(10);
    game.act("jitter-on");
    game.advanceTo(10 + actionSpec("jitter-on").delay - 1);
    expect(fleet.retryDelayMs(0)).toBe(100);
    game.advanceTo(10 + actionSpec("jitter-on").delay + 1);
    const first = Array.from({ length: 2000 }, () => fleet.retryDelayMs(0));
    const third = Array.from({ length: 2000 }, () => fleet.retryDelayMs(2));
    expect(Math.max(...first)).toBeLessThanOrEqual(100);
    expect(Math.max(...third)).toBeLessThanOrEqual(400);
    expect(Math.max(...third)).toBeGreaterThan(390);
    expect(Math.min(...first)).toBeLessThan(2);
  });

  test("shed-queue: once pushed, a try that would wait behind a full queue is refused at once", () => {
    // h1 turns very slow: its queue grows until the limit lands, then it stays at or under the short limit.
    const game = mini({ faults: [{ kind: "slow-host", at: 0, host: 0, factor: 200 }], queueLimit: 1000 });
    game.advanceTo(30);
    const queueAt = (t: number) => game.frames[t - 1]!.components[0]!.queue;
    expect(queueAt(30)).toBeGreaterThan(100);
    game.act("shed-queue");
    game.advanceTo(200);
    const landed = 30 + actionSpec("shed-queue").delay;
    // What already waits stays; the queue only shrinks after the limit lands, down to the limit.
    for (let t = landed + 1; t < 200; t++) expect(queueAt(t + 1)).toBeLessThanOrEqual(Math.max(queueAt(t), 4));
    expect(queueAt(200)).toBeLessThan(queueAt(landed));
  });

  test("shed-priority refuses low-priority requests after its delay; unshed-priority stops it", () => {
    const game = mini();
    game.advanceTo(20);
    game.act("shed-priority");
    game.advanceTo(100);
    game.act("unshed-priority");
    game.advanceTo(200);
    const delay = actionSpec("shed-priority").delay;
    expect(goodShare(game, 5, 20 + delay)).toBe(1);
    expect(goodShare(game, 20 + delay + 1, 100)).toBeCloseTo(0.7, 1);
    expect(goodShare(game, 100 + actionSpec("unshed-priority").delay + 1, 200)).toBe(1);
  });

  test("block-tenant refuses every request of that tenant, and only of it; unblock-tenant lifts it", () => {
    const game = mini({
      tenants: [
        { name: "t1", rate: 20, cell: 0 },
        { name: "t2", rate: 20, cell: 0 },
      ],
    });
    game.advanceTo(20);
    game.act("block-tenant", "t1");
    game.advanceTo(100);
    game.act("unblock-tenant", "t1");
    game.advanceTo(200);
    game.finish();
    const { arrived, bad } = game.telemetry;
    const share = (t: number, from: number, to: number) => {
      let n = 0;
      let b = 0;
      for (let s = from; s < to; s++) {
        n += arrived[t * 200 + s]!;
        b += bad[t * 200 + s]!;
      }
      return b / n;
    };
    const delay = actionSpec("block-tenant").delay;
    expect(share(0, 0, 20 + delay)).toBe(0);
    expect(share(0, 20 + delay + 1, 100)).toBe(1);
    expect(share(1, 0, 200)).toBe(0);
    expect(share(0, 100 + delay + 1, 200)).toBe(0);
  });

  test("filter-request drops the crashing request at the edge, and only it", () => {
    // Every fifth request of t1 crashes the worker that serves it.
    const game = mini({ faults: [{ kind: "poison", at: 0, tenant: 0, every: 5 }] });
    game.advanceTo(20);
    expect(game.feed.some((n) => n.text.includes("crashed; its crash dump shows a request of t1"))).toBe(true);
    game.act("filter-request");
    game.advanceTo(200);
    const landed = 20 + actionSpec("filter-request").delay;
    expect(game.feed.filter((n) => n.at > landed && n.text.includes("crashed"))).toEqual([]);
    // Only the poison (1 in 5) fails once the filter is in and the workers are back.
    expect(1 - goodShare(game, landed + 60, 200)).toBeCloseTo(0.2, 1);
  });

  test("restart: what the host holds fails at once, it refuses work while it starts, and the load balancer follows its health check", () => {
    const game = mini({ faults: [{ kind: "slow-host", at: 0, host: 0, factor: 50 }], queueLimit: 1000 });
    game.advanceTo(20);
    expect(game.frames[19]!.components[0]!.queue).toBeGreaterThan(0);
    game.act("restart", "h1");
    game.advanceTo(21);
    expect(game.frames[20]!.components[0]).toMatchObject({ queue: 0, status: "starting" });
    // Not again while it starts (the game's rule: not twice while the first is under way), and
    // again once it is up.
    expect(game.check("restart", "h1")).toBe("h1 is still starting");
    game.advanceTo(20 + startupSeconds - 1);
    expect(game.check("restart", "h1")).toBe("h1 is still starting");
    game.advanceTo(20 + startupSeconds);
    expect(game.check("restart", "h1")).toBeNull();
    game.advanceTo(200);
    const statusAt = (t: number) => game.frames[t - 1]!.components[0]!.status;
    expect(statusAt(20 + startupSeconds - 1)).toBe("starting");
    expect(statusAt(20 + startupSeconds + 1)).toBe("joining");
    expect(statusAt(20 + startupSeconds + 11)).toBe("up");
    // Its capacity is gone from the load balancer's rotation while it starts.
    expect(game.frames[35]!.components[0]!.capacity).toBe(0);
  });

  test("eject-host takes a host out of rotation whatever its health check says; return-host puts it back", () => {
    const game = mini();
    game.advanceTo(20);
    game.act("eject-host", "h1");
    game.advanceTo(100);
    game.act("return-host", "h1");
    game.advanceTo(200);
    const delay = actionSpec("eject-host").delay;
    const row = (t: number) => game.frames[t - 1]!.components[0]!;
    expect(row(20 + delay + 2)).toMatchObject({ status: "ejected", capacity: 0, inUse: 0 });
    expect(row(100 + delay + 2).status).toBe("up");
  });

  test("halt-rollout stops further waves; rollback-wave puts the latest wave back, one wave at a time", () => {
    const spec = miniFleet({
      hosts: [0, 1, 2].map((c) => ({ name: `c${c}`, cell: c, zone: 0 })),
      cells: ["cell-1", "cell-2", "cell-3"],
      tenants: [0, 1, 2].map((c) => ({ name: `t${c}`, rate: 10, cell: c })),
      routing: "cell",
      components: "cell",
      rollout: { start: 10, bake: 30, waves: [[0], [1], [2]], errorShare: 1, versions: ["v1", "v2"] },
      seconds: 400,
    });
    const game = mini(spec);
    game.advanceTo(45);
    game.act("halt-rollout");
    game.act("rollback-wave");
    game.act("rollback-wave");
    // Not twice on the same wave while its rollback is under way, nor with nothing left to roll back.
    expect(game.check("rollback-wave")).toBe("every wave that runs v2 is already being rolled back");
    game.advanceTo(45 + 2 * actionSpec("rollback-wave").delay + 1);
    expect(game.check("rollback-wave")).toBe("no wave runs the new release");
    game.advanceTo(400);
    const version = (t: number) => game.frames[t - 1]!.components.map((c) => c.status);
    expect(version(44)).toEqual(["v2", "v2", "v1"]);
    // The third wave (due at 70 s) never starts: the halt landed at 55 s.
    expect(version(80)).toEqual(["v2", "v2", "v1"]);
    const rollback = actionSpec("rollback-wave").delay;
    expect(version(45 + rollback + 1)).toEqual(["v2", "v1", "v1"]);
    expect(version(45 + 2 * rollback - 1)).toEqual(["v2", "v1", "v1"]);
    expect(version(45 + 2 * rollback + 1)).toEqual(["v1", "v1", "v1"]);
  });

  test("rollback-wave after the next wave has started rolls that wave back, not one already back on the old release", () => {
    const spec = miniFleet({
      hosts: [0, 1, 2].map((c) => ({ name: `c${c}`, cell: c, zone: 0 })),
      cells: ["cell-1", "cell-2", "cell-3"],
      tenants: [0, 1, 2].map((c) => ({ name: `t${c}`, rate: 10, cell: c })),
      routing: "cell",
      components: "cell",
      // The canary at 10 s, the next waves at 130 s and 250 s: a rollback lands between them.
      rollout: { start: 10, bake: 120, waves: [[0], [1], [2]], errorShare: 1, versions: ["v1", "v2"] },
      seconds: 500,
    });
    const game = mini(spec);
    const rollback = actionSpec("rollback-wave").delay;
    const version = (t: number) => game.frames[t - 1]!.components.map((c) => c.status);
    game.advanceTo(15);
    game.act("rollback-wave"); // the canary
    game.advanceTo(140);
    expect(version(15 + rollback + 1)).toEqual(["v1", "v1", "v1"]);
    expect(version(140)).toEqual(["v1", "v2", "v1"]); // the second wave started at 130 s
    game.act("rollback-wave"); // the second wave: the most recent one that still runs v2
    game.advanceTo(260);
    expect(version(140 + rollback - 1)).toEqual(["v1", "v2", "v1"]);
    expect(version(140 + rollback + 1)).toEqual(["v1", "v1", "v1"]);
    expect(version(260)).toEqual(["v1", "v1", "v2"]);
    game.act("rollback-wave"); // and the third
    game.advanceTo(260 + rollback + 1);
    expect(version(260 + rollback + 1)).toEqual(["v1", "v1", "v1"]);
    expect(game.check("rollback-wave")).toBe("no wave runs the new release");
    // Each lands when the timeline says it does.
    expect([0, 1, 2].map((i) => game.effectAt(i))).toEqual([15 + rollback, 140 + rollback, 260 + rollback]);
  });

  test("bad deploy: a rollback taken after the next wave has started puts that wave's cells back", () => {
    // The auditor's case: the canary rolled back at 70 s, cell-2 and cell-3 getting v42 at 150 s,
    // a second rollback at 200 s. Counting rollbacks sent it to the canary again.
    const game = new Game(findScenario("bad-deploy")!, 1);
    const rollback = actionSpec("rollback-wave").delay;
    game.advanceTo(70);
    game.act("rollback-wave");
    game.advanceTo(200);
    game.act("rollback-wave");
    game.advanceTo(200 + rollback + 1);
    const status = (cell: string) => game.frames.at(-1)!.components[game.componentNames.indexOf(cell)]!.status;
    expect(["cell-1", "cell-2", "cell-3"].map(status)).toEqual(["v41", "v41", "v41"]);
    expect(status("cell-4")).toBe("v42"); // the third wave, started at 240 s
    expect(game.effectAt(1)).toBe(200 + rollback);
  });

  test("move-tenant moves a tenant out of its own cell even when that cell ties for the emptiest", () => {
    // One tenant per cell: moving any of them, its own cell is left with none, the emptiest of all.
    const spec = miniFleet({
      hosts: [0, 1, 2].map((c) => ({ name: `c${c}`, cell: c, zone: 0 })),
      cells: ["cell-1", "cell-2", "cell-3"],
      tenants: [0, 1, 2].map((c) => ({ name: `t${c}`, rate: 10, cell: c })),
      routing: "cell",
      components: "cell",
      seconds: 500,
    });
    const game = mini(spec);
    const cellOf = (name: string) =>
      (fleetOf(game) as unknown as { tenantCell: number[] }).tenantCell[Number(name.slice(1))];
    game.advanceTo(10);
    game.act("move-tenant", "t0");
    game.advanceTo(10 + actionSpec("move-tenant").delay + 1);
    // Without t0, its own cell 1 is the emptiest; of the others, cells 2 and 3 tie: the lower number wins.
    expect(cellOf("t0")).toBe(1);
  });

  test("bad deploy: a tenant moved leaves its cell, which it alone would have made the emptiest", () => {
    // The auditor's case: t06 moved at 100 s stayed in its cell (four tenants a cell: without it, three).
    const game = new Game(findScenario("bad-deploy")!, 1);
    const cells = () => (fleetOf(game) as unknown as { tenantCell: number[] }).tenantCell;
    const t06 = game.setup.tenants.indexOf("t06");
    const before = cells()[t06]!;
    expect(cells().filter((c) => c === before)).toHaveLength(4);
    game.advanceTo(100);
    game.act("move-tenant", "t06");
    game.advanceTo(100 + actionSpec("move-tenant").delay + 1);
    expect(cells()[t06]).not.toBe(before);
    expect(game.effectAt(0)).toBe(100 + actionSpec("move-tenant").delay);
  });

  test("move-tenant and drain-cell flip tenants to the emptiest other cell after the copy", () => {
    const spec = miniFleet({
      hosts: [0, 1, 2].map((c) => ({ name: `c${c}`, cell: c, zone: 0 })),
      cells: ["cell-1", "cell-2", "cell-3"],
      tenants: [
        { name: "t0", rate: 10, cell: 0 },
        { name: "t1", rate: 10, cell: 0 },
        { name: "t2", rate: 10, cell: 1 },
      ],
      routing: "cell",
      components: "cell",
      seconds: 500,
    });
    const game = mini(spec);
    game.advanceTo(10);
    game.act("move-tenant", "t0");
    game.advanceTo(10 + actionSpec("move-tenant").delay - 1);
    const busy = (t: number) => game.frames[t - 1]!.components.map((c) => c.inUse + c.queue);
    const cellOf = (name: string) =>
      (fleetOf(game) as unknown as { tenantCell: number[] }).tenantCell[Number(name.slice(1))];
    expect(cellOf("t0")).toBe(0);
    game.advanceTo(10 + actionSpec("move-tenant").delay + 1);
    expect(cellOf("t0")).toBe(2); // the emptiest other cell
    game.act("drain-cell", "cell-2");
    game.advanceTo(500);
    expect(cellOf("t2")).not.toBe(1);
    expect(busy(500)[1]).toBe(0);
  });

  test("failover-zone: writes fail while the primary's zone is lost, and work again once the promotion lands", () => {
    const game = mini({
      faults: [{ kind: "lose-zone", at: 10, zone: 0 }],
      writeShare: 1,
      database: { zone: 0, timeout: 2 },
      hosts: [
        { name: "h1", cell: 0, zone: 1 },
        { name: "h2", cell: 0, zone: 1 },
      ],
    });
    game.advanceTo(30);
    game.act("failover-zone", "z1");
    expect(game.check("failover-zone", "z1")).toBe("the database primary is not in z1");
    game.advanceTo(200);
    const landed = 30 + actionSpec("failover-zone").delay;
    expect(okShare(game, 12, landed - 2)).toBe(0);
    expect(okShare(game, landed + 5, 200)).toBe(1);
  });

  test("scale-out adds hosts after its delay: longer while the control plane is impaired", () => {
    for (const impaired of [false, true]) {
      const game = mini({ components: "zone", controlPlaneImpaired: impaired, seconds: 400 });
      game.advanceTo(10);
      game.act("scale-out");
      game.advanceTo(400);
      const delay = impaired ? scaleOutSeconds.impaired : scaleOutSeconds.healthy;
      const capacity = (t: number) => game.frames[t - 1]!.components.reduce((n, c) => n + c.capacity, 0);
      expect(capacity(10 + delay - 1)).toBe(8);
      expect(capacity(10 + delay + 12)).toBe(8 + scaleOutHosts * 4);
    }
  });
});

describe("the retry storm (on the engine)", () => {
  const storm = findScenario("retry-storm")!;
  const engineState = (game: Game) =>
    (game.model as unknown as { run: { state(): import("../retry-storm/index.ts").StormState } }).run.state();

  test("the retry budget the action describes is the one the engine applies, as the fleet's is", () => {
    const game = new Game(storm, 1);
    const params = (game.model as unknown as { run: { scenario: { params: Record<string, unknown> } } }).run.scenario
      .params;
    expect(params).toMatchObject({
      budgetKind: "ratio",
      budgetRatio: retryBudgetRatio,
      budgetWindow: retryBudgetWindowSeconds,
      budgetMinPerSecond: 0,
    });
    expect(actionSpec("retry-budget").does).toContain("at most 10% of requests over a 10 s window");
  });

  test("retries-off, retry-budget and shed-queue reach the engine after their delays", slow, () => {
    const game = new Game(storm, 1);
    game.advanceTo(20);
    game.act("retries-off");
    game.act("retry-budget");
    game.act("shed-queue");
    game.advanceTo(20 + actionSpec("retries-off").delay - 1);
    expect(engineState(game)).toMatchObject({ retries: true, defences: ["breaker"] });
    game.advanceTo(20 + actionSpec("shed-queue").delay + 1);
    expect(engineState(game)).toMatchObject({ retries: false, defences: ["breaker", "shed"] });
    game.advanceTo(20 + actionSpec("retry-budget").delay + 1);
    expect(engineState(game).defences).toEqual(["breaker", "budget", "shed"]);
  });

  test(
    "restart flushes the service's queue and it refuses work while it starts; grow-pool waits for the platform's restart",
    slow,
    () => {
      const game = new Game(storm, 1);
      game.advanceTo(150);
      const before = engineState(game);
      expect(before.pools[0]!.waiting).toBeGreaterThan(0);
      game.act("grow-pool");
      game.act("restart", "search");
      let state = engineState(game);
      expect(state.services.find((s) => s.name === "search")!.restarting).toBe(true);
      expect(state.pools[0]!.size).toBe(before.pools[0]!.size);
      game.advanceTo(150 + startupSeconds + 1);
      expect(engineState(game).services.find((s) => s.name === "search")!.restarting).toBe(false);
      game.act("restart", "platform");
      state = engineState(game);
      expect(state.services.every((s) => s.restarting)).toBe(true);
      expect(state.pools[0]!.size).toBe(2 * before.pools[0]!.size);
      expect(state.pools[0]!.waiting).toBe(0);
    },
  );

  test("breaker-open makes a service fail fast; breaker-closed hands every call through again", slow, () => {
    const game = new Game(storm, 1);
    game.advanceTo(20);
    game.act("breaker-open", "quotes");
    game.advanceTo(20 + actionSpec("breaker-open").delay + 1);
    const breakers = () => Object.fromEntries(engineState(game).services.map((s) => [s.name, s.breaker]));
    expect(breakers()).toEqual({ checkout: "closed", quotes: "open", search: "closed", accounts: "closed" });
    game.act("breaker-closed", "quotes");
    game.advanceTo(game.now + actionSpec("breaker-closed").delay + 1);
    expect(breakers().quotes).toBe("closed");
  });
});

describe("what the pages say an action costs in time, against what the game does", () => {
  test("the lost zone's scale-out lands after the impaired control plane's 5 minutes: its offer, card, countdown and trap say so", () => {
    const lostZone = findScenario("lost-zone")!;
    if (lostZone.model.kind !== "fleet") throw new Error("the lost zone runs on the fleet");
    expect(lostZone.model.build(lostZone.seed).controlPlaneImpaired).toBe(true);
    expect(actionDelay(lostZone, "scale-out")).toBe(scaleOutSeconds.impaired);
    expect(lostZone.trap.why).toContain("the impaired control plane needs 5 min to add any");
    // In the game itself: the hosts are in rotation only after that delay.
    const game = new Game(lostZone, lostZone.seed);
    game.advanceTo(100);
    game.act("scale-out");
    const capacity = (t: number) => {
      game.advanceTo(t);
      return game.frames[t - 1]!.components.reduce((n, c) => n + c.capacity, 0);
    };
    const before = capacity(100 + scaleOutSeconds.impaired - 1);
    expect(capacity(100 + scaleOutSeconds.impaired + 12)).toBeGreaterThan(before);
  });

  test("every other offered action takes its catalogue delay in every game", () => {
    for (const scenario of scenarios)
      for (const { action } of scenario.offers)
        if (action !== "scale-out")
          expect(actionDelay(scenario, action), `${scenario.id} ${action}`).toBe(actionSpec(action).delay);
  });

  test("the retry storm's briefing counts attempts and retries as the model makes them", () => {
    const storm = findScenario("retry-storm")!;
    expect(storm.briefing).toContain("make up to 5 attempts at a call (4 retries)");
  });
});

test("the thundering herd's words for jitter: a failed read's first retry waits half its fixed delay on average", async () => {
  const { fullJitter } = await import("../backoff.ts");
  const { mulberry32 } = await import("../random.ts");
  const herd = findScenario("thundering-herd")!;
  expect(herd.summary).toContain("comes back as a retry 1 s later");
  expect(herd.referenceWhy).toContain("first retry waits 0.5 s on average (anywhere up to 1 s) instead of exactly 1 s");
  const rand = mulberry32(3);
  const waits = Array.from({ length: 20_000 }, () => fullJitter(0, { base: 1000, cap: 4000 }, rand));
  expect(Math.max(...waits)).toBeLessThan(1000);
  expect(waits.reduce((a, b) => a + b, 0) / waits.length).toBeCloseTo(500, -1);
});

describe("not twice on the same thing while the first is under way (the how-to-play page's rule)", () => {
  /** What must have landed before an action can be taken at all: the step it undoes. */
  const undoes: Partial<Record<ActionId, ActionId>> = {
    "retries-on": "retries-off",
    "unshed-priority": "shed-priority",
    "unblock-tenant": "block-tenant",
    "return-host": "eject-host",
    "breaker-closed": "breaker-open",
  };
  // Every action every scenario offers, in the game that offers it.
  const cases = scenarios.flatMap((scenario) =>
    scenario.offers.map((offer) => [scenario.id, offer.action, scenario, offer] as const),
  );

  test("the table holds every action of the catalogue", () => {
    expect(new Set(cases.map(([, action]) => action))).toEqual(new Set(actionCatalogue.map((a) => a.id)));
  });

  test.each(cases)(
    "%s: %s is refused a second time while the first is under way",
    slow,
    (_, action, scenario, offer) => {
      const game = new Game(scenario, scenario.seed);
      game.advanceTo(scenario.faultAt + 40);
      const before = undoes[action];
      // The first target the action (or what it undoes) may be aimed at now.
      const target = offer.targets?.find((t) => game.check(before ?? action, t) === null) ?? null;
      if (offer.targets) expect(target, "a target it can be aimed at").not.toBeNull();
      if (before) {
        game.act(before, target);
        game.advanceTo(game.now + actionDelay(scenario, before) + 1);
      }
      expect(game.check(action, target)).toBeNull();
      game.act(action, target);
      const lands = game.effectAt(game.log.length - 1);
      game.advanceTo(game.now + 1);
      // Still under way: it lands later, waits for what it waits for, or (a restart) still starts.
      if (action !== "restart") expect(lands === null || lands > game.now, `${action} lands at ${lands}`).toBe(true);
      const refusal = game.check(action, target);
      expect(refusal, `a second ${action}${target ? ` ${target}` : ""}`).not.toBeNull();
      // Said as the game says every refusal: of the thing it is aimed at, and the same when taken.
      if (target !== null) expect(refusal).toContain(target);
      expect(() => game.act(action, target)).toThrow(refusal!);
    },
  );

  test("once a move, a drain or a scale-out has landed, the next one is judged afresh", slow, () => {
    const deploy = new Game(findScenario("bad-deploy")!, 1);
    deploy.advanceTo(100);
    deploy.act("move-tenant", "t01");
    deploy.act("drain-cell", "cell-5");
    deploy.advanceTo(100 + actionSpec("move-tenant").delay - 1);
    expect(deploy.check("move-tenant", "t01")).toBe("t01 is still being moved");
    expect(deploy.check("drain-cell", "cell-5")).toBe("cell-5 is still draining");
    // Another tenant, another cell: another thing.
    expect(deploy.check("move-tenant", "t02")).toBeNull();
    expect(deploy.check("drain-cell", "cell-6")).toBeNull();
    deploy.advanceTo(100 + actionSpec("move-tenant").delay);
    expect(deploy.check("move-tenant", "t01")).toBeNull();
    expect(deploy.check("drain-cell", "cell-5")).toBe("cell-5 has no tenants left");

    const zone = findScenario("lost-zone")!;
    const lost = new Game(zone, zone.seed);
    lost.advanceTo(100);
    lost.act("scale-out");
    lost.advanceTo(100 + actionDelay(zone, "scale-out") - 1);
    expect(lost.check("scale-out")).toBe("the hosts of the last scale-out are still launching");
    lost.advanceTo(100 + actionDelay(zone, "scale-out"));
    expect(lost.check("scale-out")).toBeNull();
  });
});

describe("the durations an action's words give are its delays", () => {
  // Where a cost says how long the action takes in words, the words and the delay they restate.
  const said: [ActionId, string][] = [
    ["retry-budget", "a minute before every client has it"],
    ["jitter-on", "a minute before every client has it"],
    ["filter-request", "A minute to write and push the rule"],
    ["rollback-wave", "a minute and a half per wave"],
    ["move-tenant", "Three minutes of copying"],
    ["drain-cell", "Three minutes of copying"],
  ];

  test.each(said)("%s: %s", (action, words) => {
    const { cost, delay } = actionSpec(action);
    expect(cost).toContain(words);
    const spoken = halfMinutesInWords(delay);
    expect(cost.includes(spoken) || cost.includes(capitalised(spoken)), `${cost} says ${spoken}`).toBe(true);
  });

  test("no other action's words name a duration but from its figures", () => {
    const computed: Partial<Record<ActionId, string>> = {
      restart: `${startupSeconds} s`,
      "retry-budget": `${retryBudgetWindowSeconds} s window`,
      "scale-out": `${scaleOutSeconds.healthy / 60} minutes with a healthy control plane, ${scaleOutSeconds.impaired / 60} while it is impaired`,
    };
    for (const a of actionCatalogue) {
      const text = `${a.does} ${a.cost}`;
      const durations = text.match(/\b(minutes?|seconds?|hours?|\d+ ?s)\b/gi) ?? [];
      if (durations.length === 0) continue;
      const known = said.find(([id]) => id === a.id) ?? [a.id, computed[a.id]];
      expect(known[1], `${a.id}: ${text}`).toBeDefined();
      expect(text).toContain(known[1]!);
    }
  });
});
