/** The playbook's figures against the published figures and against arithmetic done a second way. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  amplification,
  bank,
  cells,
  expected,
  ladder,
  metastable,
  pool,
  shuffle,
  starvation,
  staticStability,
  worked,
} from "./numbers.ts";
import { questions } from "./bank.ts";
import { inWords } from "../../format/words.ts";
import { exactOverlap } from "../../sim/shuffle-shard.ts";
import { parameterDefaults } from "../../sim/retry-storm/scenario.ts";
import { healthyPool } from "../../sim/retry-storm/demand.ts";
import { canarySizes, canaryVerdict } from "../../sim/reliability/canary.ts";

// Tests here import chapters' numbers.ts, which compute their figures by simulation when first
// imported (circuit-breakers' took 1.3 s on a quiet machine); on two busy cores that passed the
// 5 s default once, so these blocks allow 30 s.
const importsChapters = { timeout: 30_000 };

describe("interview playbook numbers", importsChapters, () => {
  test("shuffle sharding matches the fact sheet", () => {
    expect(shuffle.eight.shards).toBe(28n);
    expect(shuffle.eight.all).toBeCloseTo(1 / 28, 12);
    expect(shuffle.eight.some).toBeCloseTo(12 / 28, 12);
    expect(shuffle.eight.none).toBeCloseTo(15 / 28, 12);
    expect(shuffle.sixteen.shards).toBe(1820n);
    expect(shuffle.hundred.shards).toBe(75_287_520n);
    expect(shuffle.route53.shards).toBe(730_862_190_080n);
    expect(bank["shuffle8.all"]).toBe("3.6%");
    expect(bank["shuffle8.some"]).toBe("42.9%");
    expect(bank["shuffle8.none"]).toBe("53.6%");
    expect(bank["shuffle16.all"]).toBe("0.055%");
    expect(bank["route53.shards"]).toBe("730,862,190,080");
  });

  test("cells: ten cells leave 90% untouched", () => {
    expect(cells.share).toBeCloseTo(0.1, 12);
    expect(bank["cells.untouched"]).toBe("90%");
  });

  test("the worked example adds up", () => {
    expect(worked.perCell * worked.cellCount).toBe(worked.tenants);
    expect(worked.globalTenantMinutes / worked.cellTenantMinutes).toBe(worked.cellCount);
    expect(bank["worked.share"]).toBe("12.5%");
  });

  test("retry amplification: 3 layers of 4 attempts is 64", () => {
    expect(amplification.total).toBe(64);
    // 1 + p + p^2 + p^3 summed by hand for p = 1/2.
    expect(expected.attempts).toBe(1 + 0.5 + 0.25 + 0.125);
  });

  test("metastability, static stability, pools, starvation", () => {
    expect(metastable.stableBelow).toBe(150);
    expect(staticStability.three).toBe(1.5);
    expect(staticStability.two).toBe(2);
    expect(pool.stormHoldSeconds).toBeCloseTo(7, 12); // 5 time-outs of 1 s + 0.2 + 0.4 + 0.6 + 0.8
    // The replay's pool, serving at the healthy holding time the retry-storm chapter computes.
    expect(pool.connections).toBe(parameterDefaults.poolSize);
    expect(pool.normalCapacity).toBe(healthyPool(parameterDefaults).capacity);
    expect(pool.normalCapacity).toBeCloseTo(pool.connections / healthyPool(parameterDefaults).holdSeconds, 9);
    expect(pool.stormCapacity).toBeCloseTo(pool.connections / 7, 12);
    expect(starvation.demanded).toBeCloseTo(5000, 9);
    expect(starvation.threads).toBe(1000);
  });

  test("the ladder shrinks at every rung", () => {
    for (let i = 1; i < ladder.length; i++) expect(ladder[i]!.share).toBeLessThan(ladder[i - 1]!.share);
    expect(ladder[0]!.share).toBe(1);
    expect(ladder.map((r) => r.design)).toEqual([
      "One stack, three replicas",
      "4 fixed shards",
      "10 cells",
      "Shuffle shards of 2 from 8 workers",
      "Shuffle shards of 5 from 100 workers",
    ]);
  });

  // QA: the rung typed "its two workers: others lose both" beside a model set to shards of 2.
  test("the shuffle rung's fault names the shard it is about, and its share is the chance of losing every worker of it", () => {
    const rung = ladder.find(
      (r) => r.design === `Shuffle shards of ${shuffle.smallFleet.shard} from ${shuffle.smallFleet.workers} workers`,
    )!;
    expect(shuffle.smallFleet.shard).toBe(2);
    expect(rung.fault).toBe("a poison customer crashes its two workers: others lose both");
    const { distribution } = exactOverlap(shuffle.smallFleet.workers, shuffle.smallFleet.shard);
    // "Lose both": all of its shard's workers shared with the poison customer's.
    expect(rung.share).toBe(distribution[shuffle.smallFleet.shard]!.value);
  });

  test("every bank figure is a non-empty string", () => {
    for (const [name, value] of Object.entries(bank)) expect(value, name).toMatch(/\S/);
  });

  // `bank` is a record of strings, so a misspelt name in a page's `{bank["…"]}` would type-check
  // and render as nothing; every name a file quotes from it must be one of its figures.
  const root = new URL("../../../", import.meta.url);
  const quoting = ["src", "content"]
    .flatMap((dir) =>
      readdirSync(new URL(dir, root), { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`),
    )
    .filter((file) => /\.(ts|astro|mdx)$/.test(file) && !file.endsWith(".test.ts"))
    .map((file) => ({ file, names: [...readFileSync(new URL(file, root), "utf8").matchAll(/\bbank\["([^"]+)"\]/g)] }))
    .filter((quote) => quote.names.length > 0);

  test("the pages that quote the bank by name are the interview sheet and the playbook", () => {
    expect(quoting.map((quote) => quote.file).sort()).toEqual([
      "content/chapters/interview-playbook/index.mdx",
      "src/pages/interview-sheet.astro",
    ]);
  });

  test("the interview sheet and the playbook write powers, minus signs and headings one way", () => {
    const read = (file: string) => readFileSync(new URL(file, root), "utf8");
    const sheet = read("src/pages/interview-sheet.astro");
    const page = read("content/chapters/interview-playbook/index.mdx");
    for (const text of [sheet, page]) {
      // A power is a superscript, as beside (1 − a)ⁿ; N − 1 takes a minus sign, not a hyphen.
      expect(text).not.toMatch(/\}\^\{|N-1/);
    }
    expect(sheet).toContain('{bank["amp.attempts"]}<sup>{bank["amp.layers"]}</sup>');
    // No section numbered while the others are not.
    expect([...sheet.matchAll(/<h2[^>]*>\s*\d+\./g)]).toEqual([]);
    // "takes 1.5× of peak" read as a cost; the capacity rule is what to provision.
    expect(page).toContain('provision {bank["zones.factor"]} peak');
  });

  test("the control-plane question is filed with failover and recovery, not capacity", () => {
    const controlPlane = questions.find((q) => q.title === "The control plane is down")!;
    expect(controlPlane.type).toBe("recovery");
    expect(questions.filter((q) => q.type === "capacity").map((q) => q.id)).not.toContain(controlPlane.id);
  });

  test.each(quoting)("every figure $file quotes from the bank is there", ({ names }) => {
    expect(names.map((m) => m[1]).filter((name) => !Object.hasOwn(bank, name as string))).toEqual([]);
  });
});

test("the ladder's shares read the way people say them", async () => {
  const { ladder, prose } = await import("./numbers.ts");
  // Every rung a percentage, the smallest with a superscript exponent as the shuffle-sharding chapter writes it.
  expect(ladder.map((rung) => rung.shareText)).toEqual(["100%", "25%", "10%", "3.6%", "1.33 × 10^-6%"]);
  expect(ladder.at(-1)!.shareHtml).toBe("1.33 × 10<sup>-6</sup>%");
  for (const rung of ladder) expect(rung.shareText).toMatch(/%$/);
  expect(prose.worked.ratio).toBe("8");
});

// QA: the ladder wrote "25.0%" and "10.0%" where the playbook's prose and answers said "25%" and "10%".
test("the ladder writes each share as the page's prose and the question bank write the same design's", async () => {
  const { ladder, prose } = await import("./numbers.ts");
  const rung = (design: RegExp) => ladder.find((r) => design.test(r.design))!.shareText;
  expect(rung(/fixed shards$/)).toBe(bank["shuffle8.fixed"]);
  expect(rung(/ cells$/)).toBe(prose.cells.share);
  expect(rung(/ cells$/)).toBe(bank["cells.share"]);
  expect(rung(/from 8 workers$/)).toBe(prose.shuffle8.all);
  expect(rung(/from 8 workers$/)).toBe(bank["shuffle8.all"]);
  expect(prose.cells.untouched).toBe("90%");
});

test("one cell's share agrees with the cells simulation placing real customers", async () => {
  const { blastRadius } = await import("../../sim/cells/blast.ts");
  const { placeAll, uniformCustomers } = await import("../../sim/cells/router.ts");
  for (const [count, customers, share] of [
    [worked.cellCount, worked.tenants, worked.share],
    [cells.count, 5_000, cells.share],
  ] as const) {
    const everyone = uniformCustomers(customers);
    const { router } = placeAll(everyone, count);
    const hit = blastRadius(everyone, router, { kind: "bad-deploy", cell: 0 }, { cells: count, zones: 1 });
    expect(hit.customerShare).toBeCloseTo(share, 12);
  }
});

describe("the arithmetic the playbook states", importsChapters, async () => {
  const n = await import("./numbers.ts");

  test("availability: the chain, the pair, and hours of failure a month", () => {
    expect(n.availability.chain).toBeCloseTo(0.999 ** 5, 15);
    expect(n.bank["avail.chain"]).toBe("99.50%");
    expect(n.bank["avail.pair"]).toBe("99.99%");
    expect(n.bank["avail.chainHours"]).toBe("3.6");
  });

  test("nines as minutes: each nine divides the downtime by ten", () => {
    expect(n.prose.nines.map((r) => [r.target, r.month])).toEqual([
      ["99%", "7.2 h"],
      ["99.9%", "43.2 min"],
      ["99.95%", "21.6 min"],
      ["99.99%", "4.32 min"],
      ["99.999%", "26 s"],
    ]);
    expect(n.bank["nines.99999year"]).toBe("5.26");
  });

  test("burn: 2% against 99.9% is 20, 4.2% of the budget in 90 minutes, gone in 36 hours, and it pages", () => {
    expect(n.burn.rate).toBeCloseTo(20, 9);
    expect(n.burn.spent).toBeCloseTo((20 * 90) / (30 * 24 * 60), 12);
    expect(n.burn.exhaustionHours).toBeCloseTo(36, 9);
    expect(n.burn.rate).toBeGreaterThan(n.burn.pageThreshold);
    // The slow burn is too slow to page but above the ticket rule's rate.
    expect(n.burn.slowRate).toBeLessThan(n.burn.pageThreshold);
    expect(n.burn.slowRate).toBeGreaterThan(n.burn.ticketRate);
  });

  test("the fast-burn page the playbook and the bank describe: 2% of the budget in an hour, confirmed by the last five minutes", () => {
    // The workbook's Table 5-8: a short window 1/12 of the long one, so an hour's is five minutes.
    expect(n.burn.pageShare).toBe(0.02);
    expect(n.burn.pageWindowHours).toBe(1);
    expect(n.burn.pageShortWindowMinutes * 12).toBe(n.burn.pageWindowHours * 60);
    expect(n.bank["burn.pageShortWindow"]).toBe(`${n.burn.pageShortWindowMinutes} minutes`);
    const chapter = readFileSync("content/chapters/interview-playbook/index.mdx", "utf8").replace(/\s+/g, " ");
    expect(chapter).toContain(
      'is {bank["burn.page"]} or more ({bank["burn.pageShare"]} of a {bank["month.days"]}-day budget in that time), confirmed by the last {bank["burn.pageShortWindow"]}.',
    );
    const answer = questions.map((q) => q.answer).find((a) => a.includes("multiwindow burn-rate alerts"));
    expect(answer?.replace(/\s+/g, " ")).toContain(`and the last ${n.bank["burn.pageShortWindow"]} still burn as fast`);
  });

  test("the dependency ceiling is below the promise: the promise cannot be met as built", () => {
    // Independent failures: the product, 0.9995^12 (99.40%), about an hour of failure a month.
    expect(n.ceiling.independent).toBeCloseTo(0.9995 ** 12, 12);
    expect(n.bank["ceiling.independent"]).toBe("99.40%");
    expect(n.ceiling.independent).toBeLessThan(n.ceiling.target);
    expect(n.ceiling.expectedMinutes).toBeGreaterThan(50 * n.ceiling.allowedMinutes);
    // The true ceiling is the weakest dependency (every failure coinciding): 99.95%, still below
    // 99.99%, so the conclusion holds however the failures fall.
    expect(n.ceiling.weakest).toBe(0.9995);
    expect(n.bank["ceiling.weakest"]).toBe("99.95%");
    expect(n.ceiling.weakest).toBeLessThan(n.ceiling.target);
    expect(n.ceiling.weakest).toBeGreaterThan(n.ceiling.independent);
    // The worst case, failures never overlapping (the union bound), is just below independence.
    expect(n.ceiling.worst).toBeCloseTo(1 - 12 * 0.0005, 12);
    expect(n.ceiling.worst).toBeLessThanOrEqual(n.ceiling.independent);
    expect(n.availability.weakest).toBe(n.availability.depAvailability);
  });

  test("a downtime is written with one precision wherever the playbook and the interview sheet show it", () => {
    const at = (target: number) => n.ninesTable.find((row) => row.target === target)!;
    const row = (target: number) => n.prose.nines[n.ninesTable.findIndex((r) => r.target === target)]!;
    // Every minute figure that names the same quantity, as the bank and the tables write it.
    const written: [number, string][] = [
      [at(0.999).monthMinutes, `${n.bank["nines.999"]} min`],
      [at(0.9995).monthMinutes, `${n.bank["nines.9995"]} min`],
      [at(0.9999).monthMinutes, `${n.bank["nines.9999"]} min`],
      [at(0.99999).yearMinutes, `${n.bank["nines.99999year"]} min`],
      [n.ceiling.allowedMinutes, `${n.bank["ceiling.allowed"]} min`],
      [n.designs.dispatch.monthMinutes, `${n.bank["ride.minutes"]} min`],
      ...n.ninesTable.flatMap((r): [number, string][] => [
        [r.monthMinutes, row(r.target).month],
        [r.yearMinutes, row(r.target).year],
      ]),
    ];
    const byQuantity = new Map<string, Set<string>>();
    for (const [minutes, text] of written) {
      const key = minutes.toPrecision(9);
      byQuantity.set(key, (byQuantity.get(key) ?? new Set()).add(text));
    }
    for (const [minutes, texts] of byQuantity) expect([minutes, [...texts]]).toEqual([minutes, [[...texts][0]]]);
    // The figures the QA report found written two ways, now one way each.
    expect(n.bank["nines.99999year"]).toBe("5.26");
    expect(row(0.99999).year).toBe("5.26 min");
    expect(n.bank["ceiling.allowed"]).toBe("4.32");
    expect(row(0.9999).month).toBe("4.32 min");
    // Under a minute, in seconds: five nines a month is 26 s, not 0.43 min.
    expect(row(0.99999).month).toBe("26 s");
  });

  test("no sentence calls the independent product a best case or a ceiling", () => {
    const q = questions.find((x) => x.id === "dependency-ceiling")!;
    const text = [q.answer, ...q.rubric.flatMap((c) => [c.senior, c.staff, c.evidence.ask])]
      .join(" ")
      .replace(/\s+/g, " ");
    expect(text).not.toMatch(/at best/i);
    expect(text).toContain(`the ceiling is ${n.bank["ceiling.weakest"]}`);
    expect(text).toContain(
      `If they fail independently, availabilities multiply: ${n.bank["ceiling.dep"]} to the power 12 is ${n.bank["ceiling.independent"]}`,
    );
    expect(q.rubric.find((c) => c.id === "ceiling")!.evidence.expect).toBe("ceiling.independent");
  });

  test("six dependencies at three nines cannot give 99.95% (the nines drill's claim)", () => {
    expect(0.999 ** 6).toBeLessThan(0.9995);
  });

  test("failover: lag times writes, detection plus TTL; active-active at 60% overloads the survivor", () => {
    expect(n.lag.lost).toBe(6000);
    expect(n.backups.lost).toBe(17_280_000);
    expect(n.dns.short).toBe(150);
    expect(n.regions.overloaded).toBeGreaterThan(1);
    expect(n.bank["regions.twoMax"]).toBe("50%");
    expect(n.quorum.four.tolerates).toBe(n.quorum.three.tolerates);
  });

  test("tail: 63.4% slow without hedging, about 1% with, sixty-odd times fewer", () => {
    expect(n.tail.slow).toBeCloseTo(1 - 0.99 ** 100, 12);
    expect(n.tail.slow / n.tail.hedged).toBeGreaterThan(60);
    expect(n.tail.slow / n.tail.hedged).toBeLessThan(70);
  });

  test("caches: a stampede of 1,000 queries; a cold cache is 20x warm and 10x the database", () => {
    expect(n.stampede.concurrent).toBeCloseTo(1000, 9);
    expect(n.coldCache.multiplier).toBeCloseTo(20, 9);
    expect(n.coldCache.overCapacity).toBe(10);
  });

  test("canary: about one doubled-error release in three sails through; every canary of 19,711 requests or more, about 16 minutes at 1%, catches it at least 90% of the time", () => {
    expect(n.canary.requests).toBe(12_000);
    expect(n.canary.detection).toBeGreaterThan(0.6);
    expect(n.canary.detection).toBeLessThan(0.75);
    expect(n.canary.falseAlarm).toBeLessThanOrEqual(0.01);
    const { baseline, regressed, alpha, power } = n.canary;
    // canarySizes' `from` (every larger count detects: src/sim/reliability/reliability.test.ts checks
    // each count up to where its bound takes over).
    expect(n.canary.needed).toBe(canarySizes(baseline, regressed, alpha, power).from);
    expect(n.bank["canary.needed"]).toBe("19,711");
    expect(n.bank["canary.power"]).toBe("90%");
    expect(n.bank["canary.neededMinutes"]).toBe("16");
    expect(Math.abs(n.canary.neededMinutes - 16)).toBeLessThan(0.5);
    expect(n.bank["canary.tenPercentMinutes"]).toBe("1.6");
    expect(n.canary.needed).toBeGreaterThan(n.canary.requests);
  });

  test("canary: some canaries smaller than 19,711 catch it 90% of the time, the smallest 18,596, but not all; each step up of the threshold knocks detection back", () => {
    const { baseline, regressed, alpha, power, fewest, needed } = n.canary;
    const verdict = (requests: number) => canaryVerdict({ requests, baseline, regressed, alpha });
    expect(fewest).toBe(canarySizes(baseline, regressed, alpha, power).fewest);
    expect(n.bank["canary.fewest"]).toBe("18,596");
    expect(fewest).toBeLessThan(needed);
    expect(verdict(fewest).detection).toBeGreaterThanOrEqual(power);
    expect(verdict(fewest - 1).detection).toBeLessThan(power);
    expect(verdict(needed - 1).detection).toBeLessThan(power);
    let steps = 0;
    for (let requests = fewest - 1000; requests <= needed + 1000; requests++) {
      const before = verdict(requests - 1);
      const now = verdict(requests);
      if (now.threshold === before.threshold) continue;
      steps++;
      expect(now.threshold).toBe(before.threshold + 1);
      expect(now.detection).toBeLessThan(before.detection);
    }
    expect(steps).toBeGreaterThan(2);
  });

  test("capacity: 45 instances for 3 zones; 4,800 rps of headroom for the ramp; 900,000 requests beyond a step", () => {
    expect(n.zones.total).toBe(45);
    expect(n.autoscaling.headroom).toBe(4800);
    expect(n.autoscaling.stepExcess).toBe(900_000);
  });

  test("designs: figures read off the map builder's analysis of each design's map", () => {
    expect(n.designs.saas).toEqual({ cells: 4, router: 0.96, cell: 0.24, controlPlane: 0.04, cellHalved: 0.48 });
    expect(n.designs.payments.usLedger).toBeCloseTo(0.55, 12);
    expect(n.designs.payments.drainMinutes).toBe(10);
    // A failover of the US region loses its own second of payments: 400 a second x 55%, not both regions'.
    expect(n.designs.payments.lostCrossRegion).toBeCloseTo(220, 9);
    expect(n.bank["pay.lost"]).toBe("220");
    expect(n.designs.notifications.templates).toBe(1);
    expect(n.designs.notifications.drainMinutes).toBe(60);
    // What the answers say: the backlog drains at the capacity less what keeps arriving, not at the full capacity.
    for (const [d, capacity, rate] of [
      [n.designs.payments, n.designs.payments.gatewayCapacity, n.designs.payments.paymentsPerSecond],
      [n.designs.notifications, n.designs.notifications.senderCapacity, n.designs.notifications.emailRate],
    ] as const) {
      expect(d.drainMinutes * 60).toBeCloseTo(d.backlog / (capacity - rate), 9);
      expect(d.drainMinutes * 60).toBeGreaterThan(d.backlog / capacity);
    }
    expect(n.designs.limiter.hardPath).toBeLessThan(n.designs.limiter.failOpenPath);
    expect(n.designs.limiter.sharedCounters).toBe(0);
    expect(n.designs.flags.flagDb).toBe(0);
    expect(n.designs.flags.globalTenantMinutes / n.designs.flags.firstWaveTenantMinutes).toBeCloseTo(4, 12);
    expect(n.designs.scheduler.tolerates).toBe(2);
    expect(n.designs.scheduler.startsPerSecond).toBe(200);
    expect(n.designs.search.cell).toBe(0.25);
    expect(n.designs.dispatch.trips).toBeCloseTo(0.55, 12);
    expect(() => n.designShare("ride-dispatch", "nope")).toThrow(/no resource/);
  });
});

describe("figures added so the bank types none of its own", importsChapters, async () => {
  const n = await import("./numbers.ts");
  const { RetryThrottle } = await import("../../sim/token-bucket.ts");
  const { percentUpTo, readableShare } = await import("../../format/number.ts");
  const { levelBar } = await import("../self-assessment.ts");

  test("Route 53's stripes and overlap rule are the shuffle-sharding chapter's, and deal fewer shards than C(2048, 4)", async () => {
    const { route53 } = await import("../../../content/chapters/shuffle-sharding/numbers.ts");
    expect(n.shuffle.route53.stripes).toBe(route53.stripes);
    expect(n.shuffle.route53.maxShared).toBe(route53.maxShared);
    expect(n.shuffle.route53.stripedShards).toBe(route53.stripedShardsValue);
    expect(BigInt(n.shuffle.route53.stripedShards)).toBeLessThan(n.shuffle.route53.shards);
    expect([n.bank["route53.stripes"], n.bank["route53.stripedShards"], n.bank["route53.maxShared"]]).toEqual([
      "four",
      "68,719,476,736",
      "two",
    ]);
    // The bank's Route 53 answer gives the striped count as what Route 53 deals, not C(2048, 4).
    const q = questions.find((x) => x.id === "shuffle-sharding-numbers")!;
    const answer = q.followUps!.find((f) => f.question.startsWith("Route 53"))!.answer;
    expect(answer).toContain("68,719,476,736");
    // The striped bound rests on reading the 2,048 as the striped servers: the answer says it is an inference.
    expect(q.followUps!.find((f) => f.question.startsWith("Route 53"))!.answer).toMatch(
      /stripes, and if the 2,048 are divided among the stripes \(an inference: AWS does not say so\), that allows at most 68,719,476,736/,
    );
    expect(readFileSync("src/course/interview/questions.yaml", "utf8")).toContain(
      "more than {{route53.maxShared}} name servers with any earlier one",
    );
  });

  test("resilience4j's half-open calls are the circuit-breakers chapter's documented default, ten", async () => {
    const { resilience4j } = await import("../../../content/chapters/circuit-breakers/numbers.ts");
    expect(n.resilience4jBreaker.halfOpenCalls).toBe(resilience4j.halfOpenCalls);
    expect(n.bank["resilience4j.halfOpenCalls"]).toBe("ten");
  });

  test("the bulkhead question's tail is the bulkheads chapter's tail target", async () => {
    const { tailTarget } = await import("../../../content/chapters/bulkheads/numbers.ts");
    expect(n.bank["bulkhead.tail"]).toBe(readableShare(tailTarget));
  });

  test("Route 53 counts an endpoint healthy above its documented 18% of checkers, not by majority", () => {
    expect(n.route53Health.healthyShare).toBeLessThan(0.5);
    expect(n.bank["route53.healthy"]).toBe("18%");
  });

  test("vendor settings the bank quotes are their documented values: Route 53's intervals, MySQL's semisync timeout, gRPC's hedges in flight", () => {
    // Route 53 Developer Guide: "every 10 seconds or every 30 seconds".
    expect([n.bank["route53.fastInterval"], n.bank["route53.standardInterval"]]).toEqual(["10", "30"]);
    // MySQL's rpl_semi_sync_source_timeout: 10000 ms by default.
    expect(n.mysqlSemiSync.timeoutSeconds * 1000).toBe(10_000);
    const said = questions.map((q) => [q.answer, ...q.followUps.map((f) => f.answer)].join("\n")).join("\n");
    expect(said).toContain(`timeout (${n.bank["mysql.semiSyncTimeout"]} s by default)`);
    expect(said).toContain(
      `checkers probe every ${n.bank["route53.fastInterval"]} or ${n.bank["route53.standardInterval"]} seconds`,
    );
    // gRPC's hedging: maxAttempts above 5 is used as 5.
    expect(n.grpcHedging.maxInFlight).toBe(5);
    expect(said).toContain(`at most ${inWords(n.grpcHedging.maxInFlight)} copies in flight`);
    // ...read from the figures, not typed beside them.
    const raw = readFileSync("src/course/interview/questions.yaml", "utf8");
    expect(raw).toContain("({{mysql.semiSyncTimeout}} s by default)");
    expect(raw).toContain("every {{route53.fastInterval}} or {{route53.standardInterval}} seconds");
    expect(raw).toContain("at most {{grpc.hedgeMaxInFlight}} copies in flight");
  });

  test("gRPC throttling at a token ratio of 0.1 stops retries once failures pass about 9.1% of calls", () => {
    expect(n.bank["grpc.stopShare"]).toBe("9.1%");
    // Run the bucket with failures spread evenly at a share just below and just above the figure.
    const retryingAfter = (failureShare: number) => {
      const bucket = new RetryThrottle(10, n.retryThrottle.tokenRatio);
      for (let i = 0; i < 20_000; i++) {
        if (Math.floor((i + 1) * failureShare) > Math.floor(i * failureShare)) bucket.recordFailure();
        else bucket.recordSuccess();
      }
      return bucket.retryAllowed();
    };
    expect(retryingAfter(n.retryThrottle.stopShare - 0.01)).toBe(true);
    expect(retryingAfter(n.retryThrottle.stopShare + 0.01)).toBe(false);
  });

  test("gRPC's bucket stops retries at half full, not only below it, as the budget answer says", () => {
    const answer = questions.find((q) => q.answer.includes("gRPC's retry throttling works this way"))!.answer;
    expect(answer.replace(/\s+/g, " ")).toContain("retries stop while the bucket is at or below half full;");
    // The rubric a learner grades against says the same, not "below half".
    const rubric = questions.find((q) => q.id === "retry-budget")!.rubric.find((r) => r.id === "implementation")!;
    expect(rubric.senior).toContain("no retries at or below half");
    // Envoy's budget_percent is a share of active and pending requests, not of active requests alone.
    expect(answer.replace(/\s+/g, " ")).toContain(
      "caps concurrent retries at a share of the active and pending requests",
    );
    const bucket = new RetryThrottle(10, 0.1);
    for (let i = 0; i < 4; i++) bucket.recordFailure();
    expect(bucket.retryAllowed()).toBe(true); // 6 of 10 tokens
    bucket.recordFailure();
    expect(bucket.retryAllowed()).toBe(false); // exactly 5 of 10: half full
  });

  test("the gray-failure pushback's fail-open is Envoy's documented panic threshold, not any load balancer's", () => {
    const q = questions.find((x) => x.id === "gray-failure")!;
    const pushback = q.followUps!.flatMap((f) => (f.pushback ? [f.pushback.answer] : [])).join(" ");
    expect(pushback).toContain(`once fewer than ${n.bank["envoy.panic"]} of them pass their checks`);
    expect(pushback).not.toContain("a load balancer that sees most targets unhealthy");
    expect(q.sources!.map((s) => s.url)).toContain(
      "https://www.envoyproxy.io/docs/envoy/latest/intro/arch_overview/upstream/load_balancing/panic_threshold",
    );
  });

  test("the blast-radius opener says what is true at a few thousand machines, not that disks die every day", () => {
    const answer = questions.find((x) => x.id === "blast-radius-in-one-sentence")!.answer.replace(/\s+/g, " ");
    expect(answer).not.toMatch(/every day|always/);
    expect(answer).toContain("disks and machines fail routinely");
  });

  test("the early questions claim no more than is true: fail-open, shared resources, re-keying, moving back", () => {
    const said = (id: string) => {
      const q = questions.find((x) => x.id === id)!;
      const followUps = (q.followUps ?? []).flatMap((f) => [f.answer, f.pushback?.answer ?? ""]);
      return [q.answer, ...followUps].join(" ").replace(/\s+/g, " ");
    };
    // Load balancers that fail open (Envoy's panic threshold, an ALB with every target unhealthy) keep the fleet.
    expect(said("gray-failure")).toContain("a load balancer that does not fail open removes the whole fleet");
    // Which resource two paths share is the question, not a frequency no one measured.
    expect(said("shared-pool-unrelated-service")).not.toContain("most often");
    // A map finds risks; it does not know the next incident, and "an hour" was a figure no one computed.
    expect(said("failure-domain-map")).not.toMatch(/already on it|an hour of mapping/);
    // Re-keying moves most records, not every one: some land in the cell they were in.
    expect(said("partition-key")).toContain("most records move to another cell");
    // A read-only old copy cannot take the tenant back without losing the writes made since the flip.
    expect(said("moving-a-tenant")).toContain("with the new cell's writes replicated back to it");
    expect(said("moving-a-tenant")).not.toContain("read-only for a while so you can flip back");
    // Hystrix, opossum and Polly let exactly one probe through half-open, so "a few" alone was wrong for them.
    expect(said("circuit-breaker")).toContain("lets one or a few probe calls through");
  });

  test("a coalesced hot key: everyone who asks during a 5 s query waits on it, far more than 1,000", () => {
    expect(n.stampede.waiting).toBe(n.stampede.rps * n.stampede.slowQuerySeconds);
    expect(n.bank["stampede.waiting"]).toBe("25,000");
    expect(n.stampede.waiting).toBeGreaterThan(n.stampede.concurrent);
  });

  test("the fan-out formula as the answer writes it gives the slow share", () => {
    expect(n.bank["tail.fastLeaf"]).toBe("0.99");
    expect(1 - Number(n.bank["tail.fastLeaf"]) ** n.tail.fanout).toBeCloseTo(n.tail.slow, 12);
  });

  test("one more zone lowers the factor; a hot tenant on two of twenty nodes gets a tenth of its limit", () => {
    expect(n.bank["zones.oneMoreFactor"]).toBe("1.33×");
    expect(n.zones.oneMoreFactor).toBeLessThan(n.zones.factor);
    expect(n.designs.limiter.hotShare).toBeCloseTo(
      (n.designs.limiter.hotNodes * n.designs.limiter.perNode) / n.designs.limiter.tenantLimit,
      12,
    );
    expect(n.bank["limit.hotShare"]).toBe("10%");
  });

  test("the canary lets about one doubled-error release in three through, as the answer says", () => {
    expect(Math.round(1 / (1 - n.canary.detection))).toBe(3);
  });

  test("the chapter's level bar is the debrief's", () => {
    expect(n.prose.levelBar).toBe(percentUpTo(levelBar));
  });
});

describe("inputs the prose states, read from the constants they feed", async () => {
  const n = await import("./numbers.ts");
  const { parameterDefaults } = await import("../../sim/retry-storm/scenario.ts");

  test("the design maps' cell counts: four cells, each a quarter of the flags' tenants", () => {
    expect(n.bank["saas.cells"]).toBe("four");
    // Every cell carries the same weight and the control plane the rest.
    expect(n.designs.saas.cells * n.designs.saas.cell + n.designs.saas.controlPlane).toBeCloseTo(1, 12);
    expect(n.bank["flags.cells"]).toBe("four");
    expect(n.designs.flags.cell).toBeCloseTo(1 / n.designs.flags.cells, 12);
  });

  test("the slow burn lasts the ticket window, and the ticket rule catches it", () => {
    expect(n.bank["burn.slowBad"]).toBe("0.2%");
    expect(n.bank["burn.slowDays"]).toBe("three");
    expect(n.burn.slowDays).toBeGreaterThanOrEqual(n.burn.ticketDays);
    expect(n.burn.slowRate).toBeCloseTo(n.burn.slowBad / (1 - n.burn.target), 9);
    // What it spends over its days is at least the ticket rule's share of the budget.
    expect((n.burn.slowRate * n.burn.slowDays) / n.month).toBeGreaterThanOrEqual(n.burn.ticketShare);
    expect(n.bank["burn.pageWindow"]).toBe("1 hour");
    expect(n.burn.pageThreshold).toBeCloseTo((n.burn.pageShare * n.month * 24) / n.burn.pageWindowHours, 9);
    expect(n.bank["month.days"]).toBe("30");
  });

  test("the retry storm's eleven minutes and its naive loop come from the replay's scenario and the pool", () => {
    expect(n.storm.interventionSeconds).toBe(parameterDefaults.intervention);
    expect(n.bank["storm.intervention"]).toBe("11 minutes");
    expect([n.pool.attempts, n.pool.timeoutSeconds]).toEqual([
      parameterDefaults.attempts,
      parameterDefaults.attemptTimeout,
    ]);
    expect(n.pool.stormHoldSeconds).toBeCloseTo(
      n.pool.attempts * n.pool.timeoutSeconds +
        (parameterDefaults.sleepStep / 1000) * ((n.pool.attempts * (n.pool.attempts - 1)) / 2),
      12,
    );
    expect([n.bank["pool.attempts"], n.bank["pool.timeout"], n.bank["pool.connections"]]).toEqual([
      "five",
      "1 s",
      String(parameterDefaults.poolSize),
    ]);
  });

  test("the shared-pool question: checkout's share of traffic is the replay's, read from its services", async () => {
    const { defaultServices } = await import("../../sim/retry-storm/scenario.ts");
    const rate = (name: string) => defaultServices.find((s) => s.name === name)!.rate;
    const all = defaultServices.reduce((a, s) => a + s.rate, 0);
    expect(n.checkoutTraffic).toEqual({ checkout: rate("checkout"), total: all, share: rate("checkout") / all });
    expect([n.bank["checkout.share"], n.bank["checkout.rate"], n.bank["checkout.total"]]).toEqual(["25%", "25", "100"]);
    // The question is that system: checkout calls pricing, search never does; and it says the share it computes.
    expect(defaultServices.find((s) => s.name === "checkout")!.dependency).toBe("pricing");
    expect(defaultServices.find((s) => s.name === "search")!.dependency).not.toBe("pricing");
    const question = questions.find((q) => q.id === "shared-pool-unrelated-service")!;
    const traffic = question.clarify!.find((c) => c.topic === "traffic")!;
    expect(traffic.assume).toBe(
      "Checkout is 25% of traffic (25 of 100 requests a second) and pricing calls went from milliseconds to seconds.",
    );
  });

  test("cells: the largest tenant fits in one cell; half as many cells doubles a cell's share", () => {
    expect(n.cells.largestTenant).toBeLessThan(n.cells.share);
    expect(n.cells.halvedShare).toBeCloseTo(2 * n.cells.share, 12);
    expect(n.bank["cells.halvedShare"]).toBe("20%");
  });

  test("retries: one retry per request is twice the load and a stable bound of capacity over two", () => {
    expect(n.bank["meta.retryTimes"]).toBe("once");
    expect(n.metastable.stableBelow).toBe(n.metastable.capacity / n.metastable.attempts);
    expect(n.bank["meta.load"]).toBe("2×");
    expect(n.retryBudget.load).toBe(n.retryBudget.attempts);
    expect([n.bank["budget.attempts"], n.bank["budget.load"], n.bank["budget.share"]]).toEqual(["three", "3×", "10%"]);
  });

  test("canary: the bug doubles the errors; one bad release in three and one good in a hundred", () => {
    expect(n.canary.baseline + n.canary.bugShare).toBeCloseTo(n.canary.regressed, 12);
    expect(n.canary.regressed).toBeCloseTo(2 * n.canary.baseline, 12);
    expect(n.bank["canary.bugOneIn"]).toBe("1 in 1,000");
    expect(n.bank["canary.missOneIn"]).toBe("1 in 3");
    expect(n.bank["canary.alphaOneIn"]).toBe("1 in 100");
    expect(n.canary.tenPercentMinutes).toBeCloseTo((n.canary.neededMinutes * n.canary.share) / n.canary.widerShare, 9);
  });

  test("tail: one leaf call in a hundred; a hedge at the 95th percentile adds one call in twenty", () => {
    expect(n.bank["tail.slowOneIn"]).toBe("1 in 100");
    expect(n.tail.extraLoad).toBeCloseTo(1 - n.tail.hedgeAt, 12);
    expect([n.bank["tail.hedgeAt"], n.bank["tail.extraOneIn"]]).toEqual(["95th", "1 in 20"]);
    expect(n.designs.search.extraLoad).toBeCloseTo(1 - n.designs.search.hedgeAt, 12);
  });

  test("capacity and regions: the counts behind the factors", () => {
    expect(n.staticStability.three).toBe(n.staticStability.zones / (n.staticStability.zones - 1));
    expect(n.staticStability.two).toBe(n.staticStability.fewerZones / (n.staticStability.fewerZones - 1));
    expect(n.regions.overloaded).toBeCloseTo((n.regions.utilisation * n.regions.count) / (n.regions.count - 1), 12);
    expect(n.designs.payments.regionFactor).toBe(n.regions.two);
    expect(n.designs.dispatch.zoneFactor).toBe(n.staticStability.three);
    expect(n.bank["zones.oneMore"]).toBe("four");
    for (const q of [n.quorum.three, n.quorum.four, n.quorum.five]) expect(q.tolerates).toBe(q.members - q.majority);
    expect([n.bank["quorum.three"], n.bank["quorum.four"], n.bank["quorum.five"]]).toEqual(["three", "four", "five"]);
    // The ramp outlasts the autoscaler's lag, so the gap reaches ramp x lag.
    expect(n.autoscaling.rampMinutes * 60).toBeGreaterThanOrEqual(n.autoscaling.lagSeconds);
    // The alert's wait is part of the detection time.
    expect(n.worked.alertMinutes).toBeLessThan(n.worked.incidentMinutes);
  });
});

describe("claims the later questions make, checked sentence by sentence", async () => {
  const n = await import("./numbers.ts");
  const { fixedGroupsBlastRadius } = await import("../../sim/shuffle-shard.ts");
  const question = (id: string) => questions.find((q) => q.id === id)!;
  const flat = (text: string) => text.replace(/\s+/g, " ");

  test("the burn-rate incident pages about 43 minutes in, when the game day's monitor fires, with 2% of the budget spent", () => {
    // The last hour's burn rate, healthy minutes included, passes the threshold once rate x t / hour does.
    const expected = (n.burn.pageThreshold / n.burn.rate) * 3_600;
    expect(n.burn.pageAfterSeconds).toBeGreaterThan(expected);
    expect(n.burn.pageAfterSeconds).toBeLessThanOrEqual(expected + 1);
    expect(n.burn.pageAfterSeconds).toBeLessThan(n.burn.incidentMinutes * 60);
    expect([n.bank["burn.pageAfterMinutes"], n.bank["burn.spentAtPage"]]).toEqual(["43", "2%"]);
    // Spent by then is about the page rule's own share: the alert fires on the rate, long before the budget is gone.
    expect(n.burn.spentAtPage).toBeCloseTo(n.burn.pageShare, 4);
    expect(flat(question("error-budget-burn").answer)).toContain(
      "passes 14.4 after about 43 minutes of errors, with 2% of the budget spent",
    );
  });

  test("the worked pushback: the alert's wait is most of the minutes, and halving the minutes does what doubling the cells does", () => {
    expect(n.worked.alertMinutes).toBeGreaterThan(n.worked.incidentMinutes / 2);
    const tenantMinutes = (cellCount: number, minutes: number) =>
      n.worked.tenants * fixedGroupsBlastRadius(cellCount) * minutes;
    expect(tenantMinutes(n.worked.cellCount, n.worked.incidentMinutes)).toBe(n.worked.cellTenantMinutes);
    expect(tenantMinutes(n.worked.cellCount, n.worked.incidentMinutes / 2)).toBeCloseTo(
      tenantMinutes(2 * n.worked.cellCount, n.worked.incidentMinutes),
      9,
    );
    const pushback = question("state-it-as-a-number").followUps!.flatMap((f) => (f.pushback ? [f.pushback] : []))[0]!;
    expect(pushback.say).toBe(
      "Of those 15 minutes, 10 are the alert waiting for enough errors. Is that the real lever?",
    );
    expect(pushback.answer).toContain("the alert's wait is most of those minutes");
  });

  test("the hedging answer gives gRPC's five as the default cap, which gRFC A6 lets a client change, not as a fixed limit", () => {
    expect(flat(question("hedged-requests").answer)).toContain(
      `by default, at most ${inWords(n.grpcHedging.maxInFlight)} copies in flight; a client may raise that cap`,
    );
  });

  test("the SaaS design is pushed on what its cells cost, and the answer gives both ends of the dial from the map", () => {
    const { saas } = n.designs;
    // A second way: the cells share what the admin console (the control plane's only caller) does not.
    expect(saas.cellHalved).toBeCloseTo((1 - saas.controlPlane) / (saas.cells / 2), 12);
    const followUp = question("design-saas-control-data-plane").followUps!.find((f) =>
      f.question.startsWith("Why cells at all?"),
    )!;
    expect(flat(followUp.answer)).toContain(`reaches ${n.bank["saas.cell"]} of traffic instead of all of it`);
    expect(followUp.pushback!.say).toBe(
      `Finance sees ${inWords(saas.cells)} databases, each with its own spare capacity, and asks you to halve the count.`,
    );
    expect(flat(followUp.pushback!.answer)).toContain(
      `reaches ${n.bank["saas.cellHalved"]} of traffic instead of ${n.bank["saas.cell"]}`,
    );
    expect([n.bank["saas.cell"], n.bank["saas.cellHalved"]]).toEqual(["24%", "48%"]);
  });

  test("the notification design is pushed on its idle senders, and both ends of the spare's dial are its drain times", () => {
    const d = n.designs.notifications;
    // A second way: the queue second by second, the senders taking what they can once the provider is back.
    const secondsToEmpty = (capacity: number) => {
      let queue = d.backlog;
      let seconds = 0;
      while (queue > 0) {
        queue = Math.max(0, queue + d.emailRate - capacity);
        seconds += 1;
      }
      return seconds;
    };
    expect(secondsToEmpty(d.senderCapacity) / 60).toBeCloseTo(d.drainMinutes, 9);
    expect(secondsToEmpty(d.trimmedCapacity) / 60).toBeCloseTo(d.trimmedDrainMinutes, 9);
    expect(d.idle).toBeCloseTo(d.spare / d.senderCapacity, 12);
    expect(d.trimmedCapacity - d.emailRate).toBe(d.spare / 2);
    const followUp = question("design-notification-fanout").followUps!.at(-1)!;
    expect(followUp.question).toBe(
      `On an average day ${n.bank["notify.idle"]} of your email senders' capacity sits idle. Why pay for it?`,
    );
    expect(flat(followUp.answer)).toContain(
      `${n.bank["notify.spare"]} a second above what keeps arriving, so the queue is empty again about ${n.bank["notify.drain"]} minutes`,
    );
    expect(followUp.pushback!.say).toBe(
      `Finance asks you to cut the email senders to ${n.bank["notify.trimmed"]} a second, keeping half the spare.`,
    );
    expect(flat(followUp.pushback!.answer)).toContain(
      `half the spare doubles the drain, about ${n.bank["notify.trimmedDrain"]} minutes instead of ${n.bank["notify.drain"]}`,
    );
    expect(d.trimmedDrainMinutes).toBe(2 * d.drainMinutes);
    expect(["notify.idle", "notify.spare", "notify.trimmed", "notify.trimmedDrain"].map((k) => n.bank[k])).toEqual([
      "33.3%",
      "1,000",
      "2,500",
      "120",
    ]);
  });

  test("the scheduler design is pushed on its jitter window, and a one-minute window moves the wait into the queue", () => {
    const s = n.designs.scheduler;
    // A second way: midnight's jobs arriving over the minute, the workers starting what their rate allows each second.
    let queue = 0;
    let started = 0;
    let lastStart = 0;
    for (let second = 0; started < s.midnightJobs; second += 1) {
      if (second < s.minuteWindowSeconds) queue += s.minuteStartsPerSecond;
      const now = Math.min(queue, s.startsPerSecond);
      queue -= now;
      started += now;
      lastStart = second + 1;
    }
    expect(lastStart).toBe(s.minuteQueueEndSeconds);
    // Workers that are never idle start every job by jobs / rate, however the jobs arrived.
    expect(s.minuteQueueEndSeconds).toBe(s.midnightJobs / s.startsPerSecond);
    expect(s.minuteStartsPerSecond / s.startsPerSecond).toBe(s.jitterSeconds / s.minuteWindowSeconds);
    const followUp = question("design-job-scheduler").followUps!.at(-1)!;
    expect(followUp.question).toBe("Who pays for the midnight jitter, and how do you know it works?");
    expect(flat(followUp.answer)).toContain(
      `turns ${n.bank["sched.jobs"]} starts in one second into ${n.bank["sched.rate"]} a second, the rate the workers are sized for`,
    );
    expect(flat(followUp.pushback!.answer)).toContain(
      `${n.bank["sched.jobs"]} jobs in ${n.bank["sched.minute"]} seconds is ${n.bank["sched.minuteRate"]} starts a second, ${n.bank["sched.minuteTimes"]} the workers`,
    );
    expect(flat(followUp.pushback!.answer)).toContain(
      `the last job still starts ${n.bank["sched.minuteQueueEnd"]} seconds after midnight`,
    );
    expect(
      ["sched.minute", "sched.minuteRate", "sched.minuteTimes", "sched.minuteQueueEnd"].map((k) => n.bank[k]),
    ).toEqual(["60", "1,000", "five times", "300"]);
  });

  test("the rate limiter design's roll-out from a central limiter cites Envoy and keeps the security answer's bound", () => {
    const l = n.designs.limiter;
    // A second way: every node's share, added up over the fleet, is the tenant's limit.
    expect(Array.from({ length: l.edgeNodes }, () => l.perNode).reduce((a, b) => a + b, 0)).toBe(l.tenantLimit);
    const q = question("design-tenant-rate-limiter");
    const followUp = q.followUps!.at(-1)!;
    expect(flat(followUp.answer)).toContain(
      `The prize is the path's availability, ${n.bank["limit.open"]} instead of ${n.bank["limit.hard"]}.`,
    );
    expect(flat(followUp.pushback!.answer)).toContain(
      `(${n.bank["limit.perNode"]} a second each when spread evenly over ${n.bank["limit.nodes"]} nodes), and the shares add up to the limit, so one key gets at most its ${n.bank["limit.tenant"]} a second`,
    );
    expect(q.sources!.map((s) => s.url)).toContain(
      "https://www.envoyproxy.io/docs/envoy/latest/configuration/listeners/network_filters/rate_limit_filter",
    );
  });

  test("the search design's hedge dial is argued with the shard team from its own figures", () => {
    const d = n.designs.search;
    // A second way: a search is fast only when every one of its shards is.
    expect(d.slow).toBeCloseTo(1 - (1 - d.slowShare) ** d.shards, 12);
    expect(d.hedged).toBeLessThan(d.slow);
    const followUp = question("design-cell-search").followUps!.at(-1)!;
    expect(followUp.question).toContain(`your hedges add ${n.bank["search.extra"]} more calls`);
    expect(flat(followUp.answer)).toContain(
      `without hedges ${n.bank["search.slow"]} of searches wait on a slow shard; with them about ${n.bank["search.hedged"]}, if slowness is independent`,
    );
  });

  test("the feature-flag design refuses a one-off global push with the tenant-minutes of both paths", () => {
    const f = n.designs.flags;
    // A second way: a global push reaches every cell the map draws, the first wave one of them.
    expect(f.globalTenantMinutes / f.firstWaveTenantMinutes).toBeCloseTo(f.cells, 12);
    const followUp = question("design-feature-flags").followUps!.at(-1)!;
    expect(flat(followUp.answer)).toContain(
      `caught in the first wave costs ${n.bank["flags.firstWave"]} tenant-minutes, pushed everywhere ${n.bank["flags.global"]}`,
    );
  });

  test("the payments design's failover follow-up says the lag its figures use", () => {
    const followUp = question("design-multi-region-payments").followUps!.find((f) =>
      f.question.includes("US region fails"),
    )!;
    expect(followUp.answer).toContain(`about ${n.designs.payments.crossRegionLag} s behind`);
  });
});

test("the health-check question's slowdown is one input that its prompt and its answer read, typed in neither", () => {
  const raw = readFileSync(new URL("./questions.yaml", import.meta.url), "utf8");
  const start = raw.indexOf("- id: health-check-fleet");
  const end = raw.indexOf("\n  - id:", start + 1);
  const block = raw.slice(start, end === -1 ? undefined : end);
  expect(block.match(/\{\{fleet\.slowdown\}\}-second slowdown/g)).toHaveLength(2);
  expect(block).not.toMatch(/\d-second/);
  const q = questions.find((x) => x.id === "health-check-fleet")!;
  const said = `${bank["fleet.slowdown"]}-second slowdown`;
  expect(q.prompt).toContain(said);
  expect(q.answer).toContain(said);
});
