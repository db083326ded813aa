/**
 * Every scenario, done nothing about and played by its reference response (par): goldens of the
 * results the pages show (results.ts; the build reads them through stored.ts), par beats doing
 * nothing and every play that does less, and doing nothing behaves as the scenario's chapter says.
 */
import { describe, expect, test } from "vitest";
import { inWords } from "../../format/words.ts";
import { createRun, defaultScenario, defaultServices, triggeredDependency } from "../retry-storm/index.ts";
import { actionSpec } from "./actions.ts";
import { fixedGroupsBlastRadius } from "../shuffle-shard.ts";
import { finishedGame, finishedScore, Game } from "./game.ts";
import { judgePar, type ParJudgement } from "./judgement.ts";
import {
  actionDelay,
  findScenario,
  fleetDefaults,
  grayHostOf,
  herdWarmHitShare,
  poisonShuffleWhy,
  poisonTenantOf,
  shufflePoisonTenant,
  scenarios,
  type GameScenario,
  type LogEntry,
} from "./scenarios.ts";
import { hurtingShare } from "./telemetry.ts";
import { onePartIn } from "./spoken.ts";
import { Fleet } from "./fleet.ts";
import { minutesAndSeconds, percent, percentUpTo } from "../../format/number.ts";
import { stormWarmup } from "./storm.ts";
import { resultsOf } from "./results.ts";

/** The slow host on the gray failure's own seed (another seed slows another host). */
const grayHost = grayHostOf(findScenario("gray-failure")!.seed);

const slow = { timeout: 120_000 };
/**
 * Each scenario's do-nothing and par games, each played once for this file and shared by every
 * test that reads it (a game is the same for the same scenario, seed and log, and a finished game
 * does not change: `finish()` returns the result it made first). `finishedGame` remembers only
 * the last few games, and `judgePar` plays many, so without this a later test played its games
 * again. Each is played when a test first asks for it, so a test that reads only doing nothing
 * never plays par.
 */
const games = new Map<string, Game>();
function game(scenario: GameScenario, which: "nothing" | "par"): Game {
  const key = `${scenario.id}|${which}`;
  let known = games.get(key);
  if (!known) {
    known = finishedGame(scenario, scenario.seed, which === "par" ? scenario.reference : []);
    games.set(key, known);
  }
  return known;
}
function played(scenario: GameScenario): { readonly nothing: Game; readonly par: Game } {
  return {
    get nothing() {
      return game(scenario, "nothing");
    },
    get par() {
      return game(scenario, "par");
    },
  };
}
/** Each scenario's judgement of par, made once for this file (the golden and the judgement test read it). */
const judgements = new Map<string, ParJudgement>();
function judged(scenario: GameScenario): ParJudgement {
  let known = judgements.get(scenario.id);
  if (!known) {
    known = judgePar(scenario);
    judgements.set(scenario.id, known);
  }
  return known;
}

/** Share of bad requests among those arriving in [from, to) seconds, over all tenants. */
function badShare(game: Game, from: number, to: number, tenants?: number[]): number {
  const { arrived, bad } = game.telemetry;
  const seconds = game.scenario.seconds;
  let n = 0;
  let b = 0;
  for (const t of tenants ?? game.setup.tenants.map((_, i) => i)) {
    for (let s = from; s < to; s++) {
      n += arrived[t * seconds + s]!;
      b += bad[t * seconds + s]!;
    }
  }
  return b / n;
}

test("there are at least six scenarios, each tied to chapters, with distinct ids and codes", () => {
  expect(scenarios.length).toBeGreaterThanOrEqual(6);
  expect(new Set(scenarios.map((s) => s.id)).size).toBe(scenarios.length);
  expect(new Set(scenarios.map((s) => s.code)).size).toBe(scenarios.length);
  for (const s of scenarios) expect(s.chapters.length).toBeGreaterThan(0);
});

describe.each(scenarios.map((s) => [s.id, s] as const))("%s", (_, scenario) => {
  // The pages read this file instead of playing the games (stored.ts): it must be exactly what
  // the games give.
  test(
    "goldens: doing nothing and par (scores, alerts, injects), par less each step, par plus the trap",
    slow,
    async () => {
      const { nothing, par } = played(scenario);
      const golden = resultsOf(nothing, par, judged(scenario));
      await expect(JSON.stringify(golden, null, 2) + "\n").toMatchFileSnapshot(`./golden/${scenario.id}.json`);
    },
  );

  test("the reference response beats doing nothing, and acts only once the fault has shown", slow, () => {
    const { nothing, par } = played(scenario);
    expect(par.finish().score.tenantMinutes).toBeLessThan(nothing.finish().score.tenantMinutes);
    expect(par.finish().score.badRequests).toBeLessThan(nothing.finish().score.badRequests);
    for (const entry of scenario.reference) expect(entry.at).toBeGreaterThanOrEqual(scenario.faultAt + 30);
  });

  // Scoring rewards judgement (src/sim/gameday/judgement.ts): every step of par pays for itself,
  // and a harmful step costs.
  test("par beats every play that leaves one of its steps out; adding the trap to par costs", slow, () => {
    const judgement = judged(scenario);
    expect(judgement.less).toHaveLength(scenario.reference.length);
    for (const play of judgement.less) {
      expect(play.log.length).toBeLessThan(scenario.reference.length);
      expect(play.log).not.toContainEqual(play.step);
      expect(judgement.par.tenantMinutes, `par without ${play.step.action}`).toBeLessThan(play.score.tenantMinutes);
    }
    expect(judgement.trap.log).toHaveLength(scenario.reference.length + 1);
    expect(judgement.trap.score.tenantMinutes).toBeGreaterThan(judgement.par.tenantMinutes);
    expect(scenario.offers.map((o) => o.action)).toContain(scenario.trap.entry.action);
  });
});

test.each(["retry-storm", "bad-deploy"])(
  "%s: the same log gives the same result however the game is stepped",
  slow,
  (id) => {
    const scenario = findScenario(id)!;
    const { par } = played(scenario);
    // Small, uneven steps, as a page playing at 1x, 5x and 20x makes them.
    const game = new Game(scenario, scenario.seed);
    let t = 0;
    for (const entry of scenario.reference) {
      while (t + 0.37 < entry.at) game.advanceTo((t += 0.37));
      game.advanceTo(entry.at);
      game.act(entry.action, entry.target ?? null);
      t = entry.at;
    }
    while (t < scenario.seconds) game.advanceTo((t += 1.3));
    expect(game.finish()).toEqual(par.finish());
    expect(game.frames).toEqual(par.frames);
  },
);

describe("doing nothing behaves as the chapter says", () => {
  test(
    "retry storm: the outage outlives its trigger and never ends by itself; services that never call pricing fail too",
    slow,
    () => {
      const scenario = findScenario("retry-storm")!;
      const { nothing } = played(scenario);
      const score = nothing.finish().score;
      expect(score.mitigation).toBe("not mitigated");
      expect(score.tenantsAffected).toBe(4);
      // The last minute of the game, long after pricing's four slow seconds: still nearly everything fails.
      expect(badShare(nothing, 540, 600)).toBeGreaterThan(0.9);
      const search = nothing.setup.tenants.indexOf("search");
      const accounts = nothing.setup.tenants.indexOf("accounts");
      expect(badShare(nothing, 540, 600, [search, accounts])).toBeGreaterThan(0.9);
    },
  );

  test(
    "retry storm: the game's do-nothing run is the engine's own naive run (its forced-closed breakers change nothing)",
    slow,
    () => {
      const scenario = findScenario("retry-storm")!;
      const engine = createRun(
        defaultScenario({
          seed: scenario.seed,
          params: { warmup: stormWarmup, duration: scenario.seconds - stormWarmup, intervention: null },
        }),
      );
      engine.advanceTo(engine.end);
      const game = played(scenario).nothing.setup;
      expect(game.tenants).toEqual(engine.state().services.map((s) => s.name));
      const ours = (played(scenario).nothing.model as unknown as { run: typeof engine }).run;
      expect(ours.metrics().successRate).toEqual(engine.metrics().successRate);
      expect(ours.metrics().attempts).toEqual(engine.metrics().attempts);
    },
  );

  test(
    "poison tenant, fixed groups: the poison takes out its whole group, a quarter of the tenants, and nobody else",
    slow,
    () => {
      const scenario = findScenario("poison-fixed")!;
      const { nothing } = played(scenario);
      const score = nothing.finish().score;
      expect(score.tenantsAffected / score.tenants).toBe(fixedGroupsBlastRadius(4));
      const spec = scenario.model.kind === "fleet" ? scenario.model.build(scenario.seed) : null;
      const poison = spec!.tenants.findIndex((t) => t.name === poisonTenantOf(scenario.seed));
      const group = spec!.tenants.flatMap((t, i) => (t.shard![0] === spec!.tenants[poison]!.shard![0] ? [i] : []));
      const others = spec!.tenants.map((_, i) => i).filter((i) => !group.includes(i));
      expect(badShare(nothing, 120, 600, group)).toBeGreaterThan(0.9);
      expect(badShare(nothing, 120, 600, others)).toBeLessThan(0.001);
    },
  );

  test(
    "poison tenant, shuffle shards: only tenants with the poison tenant's exact shard lose everything; the rest fail over",
    slow,
    () => {
      const scenario = findScenario("poison-shuffle")!;
      const { nothing } = played(scenario);
      const spec = scenario.model.kind === "fleet" ? scenario.model.build(scenario.seed) : null;
      const poison = spec!.tenants.find((t) => t.name === shufflePoisonTenant)!;
      const same = (shard: number[]) => [...shard].sort().join() === [...poison.shard!].sort().join();
      const twins = spec!.tenants.filter((t) => t !== poison && same(t.shard!));
      // On this seed no other tenant was dealt the same four workers (1 in 1,820 each).
      expect(twins).toEqual([]);
      expect(nothing.finish().score.tenantsAffected).toBe(1);
      const others = spec!.tenants.flatMap((t, i) => (t === poison ? [] : [i]));
      const overlapping = spec!.tenants.flatMap((t, i) =>
        t !== poison && t.shard!.some((w) => poison.shard!.includes(w)) ? [i] : [],
      );
      expect(overlapping.length).toBeGreaterThan(10);
      expect(badShare(nothing, 120, 600, others)).toBeLessThan(0.005);
      expect(badShare(nothing, 120, 600, overlapping)).toBeLessThan(0.005);
    },
  );

  test("bad deploy: nothing stops the rollout, so the release reaches every cell and every tenant", slow, () => {
    const scenario = findScenario("bad-deploy")!;
    const { nothing } = played(scenario);
    const score = nothing.finish().score;
    expect(score.tenantsAffected).toBe(score.tenants);
    expect(score.mitigation).toBe("not mitigated");
    const spec = scenario.model.kind === "fleet" ? scenario.model.build(1) : null;
    const lastWave = spec!.rollout!.start + (spec!.rollout!.waves.length - 1) * spec!.rollout!.bake;
    expect(badShare(nothing, lastWave + 10, 600)).toBeCloseTo(spec!.rollout!.errorShare, 1);
  });

  test("lost zone: the zones left cannot carry the load and nothing comes back by itself", slow, () => {
    const scenario = findScenario("lost-zone")!;
    const { nothing } = played(scenario);
    expect(nothing.finish().score.mitigation).toBe("not mitigated");
    expect(badShare(nothing, 540, 600)).toBeGreaterThan(0.9);
  });

  test("thundering herd: the cache never refills by itself; the database serves reads nobody waits for", slow, () => {
    const scenario = findScenario("thundering-herd")!;
    const { nothing } = played(scenario);
    expect(nothing.finish().score.mitigation).toBe("not mitigated");
    const last = nothing.frames.at(-1)!;
    const cache = last.components.at(-1)!;
    expect(cache.inUse / cache.capacity).toBeLessThan(0.1);
    expect(badShare(nothing, 540, 600)).toBeGreaterThan(0.9);
  });

  test(
    "gray failure: the slow host's health check keeps passing, so it keeps its share of traffic to the end",
    slow,
    () => {
      const scenario = findScenario("gray-failure")!;
      const { nothing } = played(scenario);
      expect(nothing.finish().score.mitigation).toBe("not mitigated");
      const slowRow = nothing.componentNames.indexOf(grayHost);
      for (const frame of nothing.frames.slice(60)) expect(frame.components[slowRow]!.status).toBe("up");
      expect(nothing.feed.some((n) => n.text.includes(grayHost))).toBe(false);
      expect(badShare(nothing, 120, 600)).toBeGreaterThan(0.05);
      expect(badShare(nothing, 120, 600)).toBeLessThan(0.15);
    },
  );
});

describe("what the briefings, causes and explanations say, against the scenarios they describe", () => {
  const fleetOf = (id: string) => {
    const scenario = findScenario(id)!;
    if (scenario.model.kind !== "fleet") throw new Error(`${id} runs on the fleet`);
    return { scenario, spec: scenario.model.build(scenario.seed) };
  };
  /** Requests a second the fleet's hosts can serve: slots over the mean of the log-normal service time. */
  const capacity = (spec: ReturnType<typeof fleetOf>["spec"], hosts = spec.hosts.length) =>
    (hosts * spec.slots) / ((spec.serviceMs.median / 1000) * Math.exp(spec.serviceMs.sigma ** 2 / 2));
  const load = (spec: ReturnType<typeof fleetOf>["spec"]) => spec.tenants.reduce((sum, t) => sum + t.rate, 0);

  test("thundering herd: the briefing's share of reads the cache answers is the model's, before the flush", () => {
    const scenario = findScenario("thundering-herd")!;
    // "Nearly every read": at least 19 reads in 20, in the formula the briefing prints and in the
    // fleet it describes, played up to the flush.
    const nearlyEvery = 0.95;
    expect(herdWarmHitShare).toBeGreaterThanOrEqual(nearlyEvery);
    expect(scenario.briefing).toContain(`the cache answers about ${percent(herdWarmHitShare, 0)} of reads.`);
    const game = new Game(scenario, scenario.seed);
    game.advanceTo(scenario.faultAt);
    const fleet = game.model;
    if (!(fleet instanceof Fleet)) throw new Error("the thundering herd runs on the fleet");
    const played = fleet.cacheHitShare();
    expect(played).toBeGreaterThanOrEqual(nearlyEvery);
    // "About": the played share is within one percentage point of the formula's.
    expect(Math.abs(played - herdWarmHitShare)).toBeLessThan(0.01);
  });

  test("retry storm: the briefing names the services that call the dependency that slows, the cause those that never do", () => {
    const scenario = findScenario("retry-storm")!;
    const callers = defaultServices.filter((s) => s.dependency === triggeredDependency).map((s) => s.name);
    const others = defaultServices.filter((s) => s.dependency !== triggeredDependency).map((s) => s.name);
    expect(callers.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    expect(scenario.briefing).toContain(`Only ${callers.join(" and ")} call ${triggeredDependency}.`);
    expect(scenario.cause).toContain(`and ${others.join(" and ")}, which never call ${triggeredDependency}, fail`);
  });

  test("poison, fixed groups: blocking the tenant lands within seconds, the edge rule a minute after it is pushed", () => {
    const { scenario } = fleetOf("poison-fixed");
    expect(scenario.referenceWhy).toContain("blocking that tenant stops the crashes within seconds");
    expect(scenario.referenceWhy).toContain("takes a minute to push");
    expect(actionSpec("block-tenant").delay).toBeLessThan(60);
    expect(actionSpec("filter-request").delay).toBe(60);
  });

  test("bad deploy: a retry has one other host in its cell to go to", () => {
    const { scenario, spec } = fleetOf("bad-deploy");
    expect(scenario.cause).toContain("a retry on the other host of the cell fails too");
    for (let cell = 0; cell < spec.cells!.length; cell++)
      expect(spec.hosts.filter((h) => h.cell === cell)).toHaveLength(2);
  });

  test("lost zone: the zones left cannot carry all the load; they fall short by less than the low-priority share", () => {
    const { scenario, spec } = fleetOf("lost-zone");
    expect(scenario.summary).toContain("the others were not provisioned to carry its load");
    const left = spec.hosts.filter((h) => h.zone !== 0).length;
    const share = capacity(spec, left) / load(spec);
    expect(scenario.referenceWhy).toContain(
      `Until it lands, the zones left can serve ${percentUpTo(share, 0)} of the load:`,
    );
    expect(share).toBeLessThan(1);
    // So shedding every low-priority request refuses more than the zones left lack.
    expect(share).toBeGreaterThan(1 - spec.lowPriorityShare);
    expect(scenario.referenceWhy).toContain(
      `fails fewer than shedding low-priority traffic would, which fails every one of those (${onePartIn(1 / spec.lowPriorityShare)} of all requests)`,
    );
  });

  test("thundering herd: restarting one database host takes half the capacity away while it starts", () => {
    const { scenario, spec } = fleetOf("thundering-herd");
    expect(scenario.trap.why).toContain("restarting a database host only takes half the capacity away");
    expect(spec.hosts.map((h) => h.name)).toContain(scenario.trap.entry.target);
    expect(spec.hosts).toHaveLength(2);
  });

  test("gray failure: the slow host stands out from the rest, and the fleet has capacity to spare", () => {
    const { scenario, spec } = fleetOf("gray-failure");
    expect(scenario.referenceWhy).toContain(`stands out from the other ${inWords(spec.hosts.length - 1)};`);
    expect(scenario.trap.why).toContain("the fleet has capacity to spare");
    // Even without the slow host, the others serve the load with room left.
    expect(capacity(spec, spec.hosts.length - 1)).toBeGreaterThan(2 * load(spec));
  });
});

describe("poison, shuffle shards: what the explanations say of the other tenants, on every seed", () => {
  const scenario = findScenario("poison-shuffle")!;
  const specOn = (seed: number) => {
    if (scenario.model.kind !== "fleet") throw new Error("the poison games run on the fleet");
    return scenario.model.build(seed);
  };
  /** The other tenants by how many of the poison tenant's workers the seed dealt them. */
  const dealtOn = (seed: number) => {
    const tenants = specOn(seed).tenants;
    const poison = tenants.find((t) => t.name === shufflePoisonTenant)!;
    return tenants
      .filter((t) => t !== poison)
      .map((t) => ({ name: t.name, shared: t.shard!.filter((w) => poison.shard!.includes(w)).length }));
  };
  // One seed for each way the explanations can read, found by dealing, not typed: the scenario's
  // own, then the first seed that deals no other tenant more than half of t07's four workers, one
  // such tenant, two, several (more than two), and one tenant all four of them. Each game plays
  // about a quarter of a second, and seeds of one kind check the same sentences: 1 to 12 and the
  // last two, as until session 43, took 19.7 s of the unit tests and never dealt two.
  const seedsUpTo = Array.from({ length: 400 }, (_, i) => i + 1);
  const hurtOn = (seed: number) => dealtOn(seed).filter((t) => t.shared > 2).length;
  const firstWith = (kind: string, fits: (seed: number) => boolean) => {
    const seed = seedsUpTo.find(fits);
    if (seed === undefined) throw new Error(`no seed up to 400 deals ${kind}`);
    return seed;
  };
  const seeds = [
    ...new Set([
      scenario.seed,
      firstWith("no tenant more than half", (seed) => hurtOn(seed) === 0),
      firstWith("one tenant more than half", (seed) => hurtOn(seed) === 1),
      firstWith("two tenants more than half", (seed) => hurtOn(seed) === 2),
      firstWith("several tenants more than half", (seed) => hurtOn(seed) > 2),
      firstWith("a tenant all four", (seed) => dealtOn(seed).some((t) => t.shared === 4)),
    ]),
  ];

  test("the scenario's own explanations are those of its seed", () => {
    expect(scenario.referenceWhy).toBe(poisonShuffleWhy(scenario.seed).referenceWhy);
    expect(scenario.trap.why).toBe(poisonShuffleWhy(scenario.seed).trapWhy);
    expect(new Set(seeds.map(hurtOn))).toEqual(new Set([0, 1, 2, 3]));
  });

  /** Per tenant: its bad share over the game, after `from`, and the minutes (whole) it was hurting in. */
  function tenantsOf(game: Game, from: number) {
    const { arrived, bad } = game.telemetry;
    const seconds = game.scenario.seconds;
    return game.setup.tenants.map((name, t) => {
      const sum = (a: ArrayLike<number>, s0: number, s1: number) => {
        let n = 0;
        for (let s = s0; s < s1; s++) n += a[t * seconds + s]!;
        return n;
      };
      const hurtMinutes = Array.from({ length: seconds / 60 }, (_, m) => m).filter(
        (m) => sum(bad, m * 60, m * 60 + 60) > hurtingShare * sum(arrived, m * 60, m * 60 + 60),
      );
      return {
        name,
        bad: sum(bad, 0, seconds),
        share: sum(bad, 0, seconds) / sum(arrived, 0, seconds),
        after: sum(bad, from, seconds) / sum(arrived, from, seconds),
        hurtMinutes,
      };
    });
  }

  test.each(seeds)("seed %i", slow, (seed) => {
    const { referenceWhy, trapWhy } = poisonShuffleWhy(seed);
    const dealt = dealtOn(seed);
    const hurt = dealt.filter((t) => t.shared > 2).map((t) => t.name);
    const spared = dealt.filter((t) => t.shared <= 2);
    // The words name the tenants dealt more than half of t07's workers, and count the others.
    for (const name of hurt) {
      expect(referenceWhy).toContain(name);
      expect(trapWhy).toContain(name);
    }
    expect(referenceWhy).toContain(
      `the other ${spared.length} tenants share at most ${inWords(Math.max(...spared.map((t) => t.shared)))} of t07's four workers each`,
    );
    if (hurt.length === 0) expect(trapWhy).toContain("t07 is the only tenant hurting");

    const reference = scenario.reference;
    const trap = [...reference, scenario.trap.entry];
    const par = finishedGame(scenario, seed, reference);
    const trapped = finishedGame(scenario, seed, trap);
    const ruleLands = reference[0]!.at + actionSpec("filter-request").delay;
    const blockLands = scenario.trap.entry.at + actionSpec("block-tenant").delay;
    // "45 s sooner": a block lands that long before the edge rule, and the crashes end with each.
    const sooner = minutesAndSeconds(ruleLands - blockLands);
    if (hurt.length > 0) {
      expect(referenceWhy).toContain(`Blocking t07 would stop the crashes ${sooner} sooner than the edge rule`);
      expect(trapWhy).toContain(`the ${sooner} before the rule lands`);
    } else expect(referenceWhy).toContain("Blocking t07 would protect nobody who needs it");
    const lastCrash = (game: Game) => game.feed.filter((n) => n.text.includes("crashed")).at(-1)!.at;
    expect(lastCrash(par)).toBeLessThan(ruleLands);
    expect(lastCrash(trapped)).toBeLessThan(blockLands);
    expect(lastCrash(finishedGame(scenario, seed, []))).toBeGreaterThan(ruleLands);

    // "Hurting": the tenants par leaves with a whole minute over the line are t07 and those named.
    const settled = ruleLands + fleetDefaults.crashRecovery + fleetDefaults.detectSeconds + 30;
    const withPar = tenantsOf(par, settled);
    const withTrap = tenantsOf(trapped, settled);
    expect(
      withPar
        .filter((t) => t.hurtMinutes.length > 0)
        .map((t) => t.name)
        .sort(),
    ).toEqual([shufflePoisonTenant, ...hurt].sort());
    for (const t of spared) {
      // "Barely notice": under 1% of their requests bad.
      expect(withPar.find((p) => p.name === t.name)!.share, t.name).toBeLessThan(0.01);
    }
    for (const name of hurt) {
      const p = withPar.find((x) => x.name === name)!;
      // "Until the crashes stop": nothing bad once the workers are back.
      expect(p.after, name).toBe(0);
      // The block spares them the seconds before the rule lands, and nothing after.
      const t = withTrap.find((x) => x.name === name)!;
      expect(t.bad).toBeLessThanOrEqual(p.bad);
      expect(t.after).toBe(0);
    }
    // "Turns its partial outage into a full one".
    const poison = (rows: ReturnType<typeof tenantsOf>) => rows.find((t) => t.name === shufflePoisonTenant)!;
    expect(poison(withPar).after).toBeGreaterThan(0);
    expect(poison(withPar).after).toBeLessThan(0.5);
    expect(poison(withTrap).after).toBe(1);
    // And the trap costs more than par.
    expect(finishedScore(scenario, seed, trap).tenantMinutes).toBeGreaterThan(
      finishedScore(scenario, seed, reference).tenantMinutes,
    );
  });
});

test("lost zone: ejecting a host takes a quarter of its zone's capacity until a scale-out lands", slow, () => {
  const scenario = findScenario("lost-zone")!;
  if (scenario.model.kind !== "fleet") throw new Error("the lost zone runs on the fleet");
  const hosts = scenario.model.build(scenario.seed).hosts;
  const target = scenario.trap.entry.target!;
  const zone = hosts.find((h) => h.name === target)!.zone;
  const perZone = hosts.filter((h) => h.zone === zone).length;
  expect(scenario.trap.why).toContain(
    `until a scale-out lands each zone has ${inWords(perZone)} hosts, so ejecting one that looks overloaded takes ${onePartIn(perZone)} of its zone's capacity away`,
  );
  // Par and the trap, played: the zone's capacity in the load balancer's rotation, each second.
  const game = finishedGame(
    scenario,
    scenario.seed,
    [...scenario.reference, scenario.trap.entry].sort((a, b) => a.at - b.at),
  );
  const row = game.componentNames.indexOf(scenario.model.build(scenario.seed).zones[zone]!);
  const capacity = (t: number) => game.frames[t - 1]!.components[row]!.capacity;
  const ejected = scenario.trap.entry.at + actionSpec("eject-host").delay;
  expect(capacity(ejected + 1) / capacity(ejected - 1)).toBe(1 - 1 / perZone);
  // Par's scale-out lands later: from then on the zone has more hosts, and one host is less of it.
  const scaleOut = scenario.reference.find((e) => e.action === "scale-out")!;
  const landed = scaleOut.at + actionDelay(scenario, "scale-out") + fleetDefaults.detectSeconds + 1;
  expect(capacity(landed)).toBeGreaterThan(capacity(ejected - 1));
});

test(
  "lost zone: until the scale-out lands, par's bounded queue fails fewer requests than shedding low-priority traffic, which fails them whether there is room or not",
  slow,
  () => {
    const scenario = findScenario("lost-zone")!;
    if (scenario.model.kind !== "fleet") throw new Error("the lost zone runs on the fleet");
    const { lowPriorityShare, detectSeconds } = scenario.model.build(scenario.seed);
    const step = (action: string) => scenario.reference.find((e) => e.action === action)!;
    const bound = step("shed-queue");
    const failedOver = step("failover-zone").at + actionSpec("failover-zone").delay + detectSeconds;
    const landed = step("scale-out").at + actionDelay(scenario, "scale-out") + detectSeconds;
    // The same response, shedding by priority where par bounds the queue, stopped half a minute after the scale-out.
    const stop = landed + 30;
    const shed: LogEntry[] = [
      { at: bound.at, action: "shed-priority" },
      { at: stop, action: "unshed-priority" },
    ];
    const byPriority = [...scenario.reference.filter((e) => e !== bound), ...shed].sort((a, b) => a.at - b.at);
    const par = played(scenario).par;
    const shedding = finishedGame(scenario, scenario.seed, byPriority);
    // From the failover to the scale-out, the zones left are short of capacity.
    expect(badShare(par, failedOver, landed)).toBeLessThan(lowPriorityShare);
    expect(badShare(shedding, failedOver, landed)).toBeGreaterThan(lowPriorityShare);
    // Once the scale-out has landed there is room, and the rule still fails the low-priority share.
    expect(badShare(par, landed, stop)).toBeLessThan(0.01);
    expect(badShare(shedding, landed, stop + actionSpec("unshed-priority").delay)).toBeGreaterThan(
      lowPriorityShare * 0.9,
    );
    expect(par.finish().score.tenantMinutes).toBeLessThan(shedding.finish().score.tenantMinutes);
  },
);
