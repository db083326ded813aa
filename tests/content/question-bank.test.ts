/** The interview question bank: valid, complete, levelled, covering the syllabus and the types senior loops ask, with computed figures only. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { questions as filled } from "../../src/course/interview/bank.ts";
import { bank as numbers, values } from "../../src/course/interview/numbers.ts";
import {
  designClarifyTopics,
  fillNumbers,
  fillQuestion,
  mergeBanks,
  paragraphs,
  parseQuestionBank,
  placeholdersIn,
  questionTypes,
} from "../../src/course/question-bank.ts";
import { analyseFailureMap } from "../../src/sim/failure-map/analyse.ts";
import { designMaps } from "../../src/sim/failure-map/designs/index.ts";
import { parseFailureMap } from "../../src/sim/failure-map/parse.ts";
import { syllabus } from "../support/syllabus.ts";

const folder = new URL("../../src/course/interview/", import.meta.url);
const texts = ["questions.yaml", "designs.yaml"].map((name) => readFileSync(new URL(name, folder), "utf8"));
const questions = mergeBanks(
  ...texts.map((text, i) => parseQuestionBank(text, i === 0 ? "questions.yaml" : "designs.yaml")),
);
const designs = questions.filter((q) => q.type === "design");

/** Syllabus chapters 1-14 (the workshop kit is for facilitators, not interview material). */
const interviewChapters: readonly string[] = syllabus.filter((slug) => slug !== "workshop-kit");

describe("question bank", () => {
  test("has at least 45 questions with unique ids, at least 8 of them end-to-end designs", () => {
    expect(questions.length).toBeGreaterThanOrEqual(45);
    expect(designs.length).toBeGreaterThanOrEqual(8);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  test("covers every syllabus chapter, and names only syllabus chapters", () => {
    const covered = new Set(questions.map((q) => q.chapter));
    for (const slug of interviewChapters) expect(covered.has(slug), `no question on ${slug}`).toBe(true);
    for (const q of questions) expect(interviewChapters, q.id).toContain(q.chapter);
  });

  test("covers the question types senior loops ask, at every level", () => {
    const types = new Set(questions.map((q) => q.type));
    for (const type of Object.keys(questionTypes)) expect(types.has(type as never), `no ${type} question`).toBe(true);
    for (const level of ["mid", "senior", "staff"] as const)
      expect(questions.filter((q) => q.level === level).length, level).toBeGreaterThanOrEqual(5);
    // The topics the issue names, each asked by at least one question.
    for (const id of [
      "availability-serial-parallel",
      "nines-to-minutes",
      "error-budget-burn",
      "rto-rpo",
      "replication-lag-failover",
      "active-active-vs-passive",
      "split-brain",
      "dns-failover",
      "hedged-requests",
      "cache-stampede",
      "cold-cache-recovery",
      "per-tenant-quotas",
      "canary-detection",
      "chaos-experiment",
      "game-day",
      "capacity-zone-loss",
      "autoscaling-lag",
    ])
      expect(
        questions.map((q) => q.id),
        id,
      ).toContain(id);
  });

  test("covers the five decisions behind 'cells'", () => {
    const ids = questions.map((q) => q.id);
    for (const id of ["partition-key", "cell-size", "router-shared-fate", "moving-a-tenant", "deploy-order"])
      expect(ids).toContain(id);
  });

  test("every question has clarifying questions, a model answer, a levelled rubric, red flags and follow-ups", () => {
    for (const q of questions) {
      expect(q.clarify.length, q.id).toBeGreaterThanOrEqual(2);
      expect(paragraphs(q.answer).length, q.id).toBeGreaterThan(0);
      expect(q.rubric.length, q.id).toBeGreaterThanOrEqual(2);
      expect(q.redFlags.length, q.id).toBeGreaterThanOrEqual(2);
      expect(q.followUps.length, q.id).toBeGreaterThan(0);
      for (const c of q.rubric) {
        // Three distinct descriptions: a level that repeats the one below says nothing.
        expect(new Set([c.mid, c.senior, c.staff]).size, `${q.id}/${c.id}`).toBe(3);
        expect([1, 2, 3], `${q.id}/${c.id} weight`).toContain(c.weight);
      }
      // At least one criterion carries the most weight in its rubric with weight 3 or the rubric has a heart.
      expect(Math.max(...q.rubric.map((c) => c.weight)), q.id).toBeGreaterThanOrEqual(2);
      for (const f of q.followUps) expect(f.answer.trim().length, q.id).toBeGreaterThan(10);
    }
    // Pushbacks are how the mock interviewer escalates: most questions have one.
    expect(questions.filter((q) => q.followUps.some((f) => f.pushback)).length).toBeGreaterThanOrEqual(
      Math.ceil(questions.length * 0.8),
    );
  });

  test("design prompts settle the SLO, traffic, tenancy, consistency and what down means before anything else", () => {
    for (const q of designs) {
      const topics = q.clarify.map((c) => c.topic);
      for (const topic of designClarifyTopics) expect(topics, `${q.id} asks about ${topic}`).toContain(topic);
      expect(q.design!.figures.length, q.id).toBeGreaterThanOrEqual(3);
      // Follow-ups land in the high-level design and the deep dive, where interviewers push.
      expect(new Set(q.followUps.map((f) => f.phase)), q.id).toEqual(new Set(["high-level", "deep-dive"]));
      expect(
        q.followUps.some((f) => f.pushback),
        q.id,
      ).toBe(true);
    }
  });

  test("every design's map parses in the builder's format and every resource it names is in its map", () => {
    for (const q of designs) {
      const text = designMaps[q.design!.map];
      expect(text, q.id).toBeDefined();
      const parsed = parseFailureMap(text!);
      expect(parsed.ok, `${q.design!.map}: ${parsed.ok ? "" : JSON.stringify(parsed.errors)}`).toBe(true);
      if (!parsed.ok) continue;
      const analysis = analyseFailureMap(parsed.map);
      expect(analysis.weighted, `${q.design!.map} gives traffic weights`).toBe(true);
      expect(parsed.map.title, q.design!.map).toBeTruthy();
    }
    expect(Object.keys(designMaps).sort()).toEqual(designs.map((q) => q.design!.map).sort());
  });

  test("every {{figure}} resolves to a computed number, and none is left in the output", () => {
    const strings = (v: unknown): string[] =>
      typeof v === "string" ? [v] : typeof v === "object" && v !== null ? Object.values(v).flatMap(strings) : [];
    for (const q of questions) {
      for (const text of strings(fillQuestion(q, numbers))) expect(text, q.id).not.toMatch(/\{\{|\}\}/);
    }
    const used = new Set(questions.flatMap((q) => placeholdersIn(JSON.stringify(q))));
    for (const name of used) expect(numbers, name).toHaveProperty([name]);
    expect(filled.length).toBe(questions.length);
  });

  test("evidence checked against a reference names a computed value that the page can write", () => {
    for (const q of questions)
      for (const c of q.rubric) {
        if (c.evidence.expect === undefined) continue;
        expect(values, `${q.id}/${c.id}`).toHaveProperty([c.evidence.expect]);
        expect(numbers, `${q.id}/${c.id}`).toHaveProperty([c.evidence.expect]);
        expect(c.evidence.kind).toBe("number");
      }
    for (const name of Object.keys(values))
      expect(numbers, `values.${name} has a formatted twin`).toHaveProperty([name]);
  });

  test("no computed figure is typed in: answers, references and figures state no literal percentage", () => {
    // Prompts, clarifying questions and pushbacks may state inputs ("99.9% of requests"); whatever an
    // answer works out comes from numbers.ts.
    for (const q of questions) {
      const worked = [
        q.answer,
        ...q.followUps.flatMap((f) => [f.answer, f.pushback?.answer ?? ""]),
        q.design?.reference ?? "",
        ...(q.design?.figures.map((f) => f.value) ?? []),
      ];
      for (const text of worked) expect(text, q.id).not.toMatch(/\d\s*%/);
    }
    for (const text of texts) expect(text).not.toMatch(/C\(\d+,\s*\d+\)\s*=\s*\d/);
  });

  test("a question that states what a library or system does cites that library's own documentation", () => {
    // Each name, and where its primary documentation lives.
    const primary: Record<string, readonly string[]> = {
      opossum: ["https://nodeshift.dev/opossum/"],
      resilience4j: ["https://resilience4j.readme.io/"],
      Hystrix: ["https://github.com/Netflix/Hystrix/"],
      Polly: ["https://www.pollydocs.org/"],
      gRPC: ["https://grpc.io/", "https://github.com/grpc/proposal/"],
      Envoy: ["https://www.envoyproxy.io/docs/"],
      "Route 53": [
        "https://docs.aws.amazon.com/Route53/",
        "https://aws.amazon.com/builders-library/workload-isolation-using-shuffle-sharding/",
        "https://aws.amazon.com/blogs/architecture/a-case-study-in-global-fault-isolation/",
      ],
      "Application Load Balancer": ["https://docs.aws.amazon.com/elasticloadbalancing/"],
      "SRE book": ["https://sre.google/sre-book/"],
      "SRE Workbook": ["https://sre.google/workbook/"],
      "The Tail at Scale": ["https://cacm.acm.org/research/the-tail-at-scale/"],
      MySQL: ["https://dev.mysql.com/doc/"],
      "AWS's guidance": ["https://docs.aws.amazon.com/whitepapers/", "https://aws.amazon.com/builders-library/"],
    };
    for (const q of questions) {
      const said = [
        q.answer,
        q.design?.reference ?? "",
        ...q.followUps.flatMap((f) => [f.question, f.answer, f.pushback?.say ?? "", f.pushback?.answer ?? ""]),
      ].join("\n");
      const urls = (q.sources ?? []).map((s) => s.url);
      for (const [name, homes] of Object.entries(primary)) {
        if (!said.includes(name)) continue;
        expect(
          urls.some((url) => homes.some((home) => url.startsWith(home))),
          `${q.id} names ${name} without citing ${homes.join(" or ")}`,
        ).toBe(true);
      }
    }
  });

  test("semi-synchronous replication is not said to make the RPO zero: MySQL's falls back to asynchronous", () => {
    const replication = questions.find((q) => q.answer.includes("Semi-synchronous replication"))!;
    expect(replication.answer).not.toMatch(/semi-synchronous replication[^.]*RPO goes to zero/i);
    expect(replication.answer).toMatch(/falls back to asynchronous/);
  });

  test("managed health checkers are not said to decide by majority (Route 53 needs only more than 18% healthy)", () => {
    const dns = questions.find((q) => q.id === "dns-failover")!;
    const said = dns.followUps.flatMap((f) => [f.answer, f.pushback?.answer ?? ""]).join("\n");
    expect(said).not.toMatch(/majority/);
    expect(said).toContain("{{route53.healthy}}");
  });

  test("inputs the text states (counts, days, shares, percentiles) read their constants, never typed beside them", () => {
    const said = (id: string) => {
      const q = questions.find((x) => x.id === id);
      expect(q, id).toBeDefined();
      const strings = (v: unknown): string[] =>
        typeof v === "string" ? [v] : typeof v === "object" && v !== null ? Object.values(v).flatMap(strings) : [];
      return strings(q).join(" ").replace(/\s+/g, " ");
    };
    // Each sentence as the bank writes it, with the inputs it reads from numbers.ts.
    const reads: [string, string][] = [
      ["blast-radius-in-one-sentence", '"one cell of {{cells.count}}, {{cells.share}} of tenants"'],
      [
        "three-replicas-bad-deploy",
        "Our canary takes {{canary.share}} of traffic. A bug fails {{canary.bugOneIn}} requests.",
      ],
      ["three-replicas-bad-deploy", "takes about {{canary.needed}} canary requests"],
      ["retry-storm-postmortem", "operators stepped in, {{storm.intervention}} later"],
      ["retry-storm-postmortem", "makes {{pool.attempts}} attempts with {{pool.timeout}} timeouts"],
      ["metastable-recovery", "Clients retry a failed request {{meta.retryTimes}}."],
      ["metastable-recovery", "below capacity divided by {{meta.attempts}}, {{meta.stableBelow}}"],
      ["cell-size", "tolerates about {{cells.share}} of tenants"],
      ["cell-size", "reaches {{cells.halvedShare}} of tenants instead of {{cells.share}}"],
      [
        "shuffle-sharding-numbers",
        "You have {{shuffle8.workers}} workers and give each customer {{shuffle8.size}} of them.",
      ],
      ["shuffle-sharding-numbers", "C({{shuffle8.workers}}, {{shuffle8.size}}) = {{shuffle8.shards}}"],
      ["shuffle-sharding-numbers", "{{shuffle100.workers}} workers with shards of {{shuffle100.size}} give"],
      ["shuffle-sharding-numbers", "With {{shuffle16.workers}} workers and shards of {{shuffle16.size}}?"],
      [
        "static-stability",
        "{{static.three}} with {{static.zones}} zones and {{static.two}} with {{static.fewerZones}}",
      ],
      ["state-it-as-a-number", "Of those {{worked.minutes}} minutes, {{worked.alertMinutes}} are the alert waiting"],
      ["availability-serial-parallel", "{{avail.copies}} copies at {{avail.copy}} give {{avail.pair}}"],
      ["nines-to-minutes", "Over a {{month.days}}-day month"],
      ["error-budget-burn", "({{burn.pageShare}} of a {{month.days}}-day budget in that time)"],
      ["error-budget-burn", "at {{burn.slowBad}} errors for {{burn.slowDays}} days never pages"],
      ["error-budget-burn", "above {{burn.ticketRate}} over {{burn.ticketDays}} days"],
      ["dependency-ceiling", "does each need all {{ceiling.depsWord}}?"],
      ["rto-rpo", "backed up every {{backup.hours}} hours"],
      ["active-active-vs-passive", "You run in {{regions.count}} regions."],
      ["hedged-requests", "{{tail.slowOneIn}} leaf calls takes over a second"],
      ["hedged-requests", "by its {{tail.hedgeAt}}-percentile latency"],
      ["canary-detection", "raises the error rate to {{canary.regressed}}"],
      ["canary-detection", "about {{canary.missOneIn}} such releases sail through"],
      ["retry-budget", "limit every request to {{budget.attempts}} attempts"],
      ["retry-budget", "a per-client budget of about {{budget.share}}"],
      ["capacity-zone-loss", "What changes with {{zones.oneMore}} zones?"],
      ["autoscaling-lag", "every second, for {{scale.rampMinutes}} minutes"],
      [
        "design-saas-control-data-plane",
        "with {{saas.cells}} cells, one cell's database pool saturating fails {{saas.cell}}",
      ],
      ["design-feature-flags", "the applications run in {{flags.cells}} cells, {{flags.tenants}} tenants in all"],
      ["design-multi-region-payments", "Capacity each of {{pay.regionCount}} regions needs to carry both"],
      ["design-tenant-rate-limiter", "the API promises {{limit.api}}"],
      ["design-cell-search", "after its {{search.hedgeAt}}-percentile latency"],
      ["design-ride-dispatch", "Across {{ride.zoneCount}} zones each runs {{ride.zones}}"],
      ["split-brain", "{{quorum.three}} members tolerate {{quorum.threeTolerates}} failure, {{quorum.five}} tolerate"],
    ];
    for (const [id, sentence] of reads) expect(said(id), id).toContain(sentence);
    // What those sentences typed before they read their constants.
    const all = texts.join("\n").replace(/\s+/g, " ");
    for (const typed of [
      "four cells",
      "for three days",
      "over three days",
      "0.2%",
      "30-day",
      "30 days",
      "eleven minutes",
      "five attempts",
      "one-second timeouts",
      "You have 8 workers",
      "C(8, 2)",
      "a twentieth",
      "twice the share",
      "two copies",
      "Nightly",
      "95th",
      "in a hundred",
      "one in twenty",
      "three attempts",
      "dependency triples",
      "can triple load",
      "about ten percent on top",
      "with three zones",
      "Across three zones",
      "two regions",
      "three regions",
      "the API promises 99.95%",
    ])
      expect(all, typed).not.toContain(typed);
  });

  test("Polly's single half-open probe is cited to the code that enforces it, beside its documentation", () => {
    const breaker = questions.find((q) => q.id === "circuit-breaker")!;
    expect(breaker.answer).toMatch(/Hystrix, opossum and Polly try one call and reopen if it fails/);
    const urls = (breaker.sources ?? []).map((s) => s.url);
    expect(urls).toContain("https://www.pollydocs.org/strategies/circuit-breaker.html");
    expect(urls).toContain(
      "https://github.com/App-vNext/Polly/blob/main/src/Polly.Core/CircuitBreaker/Controller/CircuitStateController.cs",
    );
  });

  test("the chapter, the sheet and the mock interview read the same inputs instead of typing them", () => {
    const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8").replace(/\s+/g, " ");
    const chapter = read("content/chapters/interview-playbook/index.mdx");
    const sheet = read("src/pages/interview-sheet.astro");
    const mock = read("src/components/MockInterview.astro");
    for (const text of [chapter, sheet]) {
      expect(text).toContain('{bank["month.days"]}-day month');
      expect(text).toContain('{bank["avail.copies"]} at {bank["avail.copy"]}');
      for (const typed of [
        "30-day",
        "two at {bank",
        "95th",
        "p95",
        "3 zones",
        "2 zones",
        "over 1 h",
        "3 lose",
        "5 lose",
      ])
        expect(text).not.toContain(typed);
    }
    expect(chapter).toContain('of a {bank["month.days"]}-day budget in that time');
    expect(chapter).toContain('raises the rate to {bank["canary.regressed"]}');
    expect(chapter).toContain('possible shards of {bank["shuffle8.size"]} from {bank["shuffle8.workers"]} workers');
    for (const text of [chapter, mock]) {
      expect(text).toContain("{inWords(designPhases.length)} phases");
      expect(text).not.toContain("four phases");
    }
  });

  test("an unknown figure is an error, not a hole in the page", () => {
    expect(() => fillNumbers("about {{nope}} of tenants", numbers, "q")).toThrow(/q: unknown number \{\{nope\}\}/);
  });

  test("a broken bank fails naming the question and field", () => {
    const broken =
      "questions:\n  - id: Bad Id\n    title: x\n    chapter: cells\n    type: design\n    level: principal\n    prompt: p\n    clarify: []\n    answer: a\n    rubric: [one]\n    redFlags: []\n    followUps: []\n";
    expect(() => parseQuestionBank(broken, "broken.yaml")).toThrow(
      /broken\.yaml[\s\S]*questions\.0\.id[\s\S]*questions\.0\.level[\s\S]*questions\.0\.rubric/,
    );
  });

  test("a design prompt without the five clarifying topics, or with untimed follow-ups, is refused", () => {
    const design = designs[0]!;
    const withoutDown = { questions: [{ ...design, clarify: design.clarify.filter((c) => c.topic !== "down") }] };
    expect(() => parseQuestionBank(JSON.stringify(withoutDown), "d.yaml")).toThrow(/what "down" means/);
    const untimed = { questions: [{ ...design, followUps: [{ question: "q?", answer: "a long enough answer" }] }] };
    expect(() => parseQuestionBank(JSON.stringify(untimed), "d.yaml")).toThrow(/phase and minutes/);
    expect(() => mergeBanks([design], [design])).toThrow(/used twice/);
  });

  test("every timed drill has its clock on the page, set to the target its own text states", () => {
    const chapter = readFileSync(
      new URL("../../content/chapters/interview-playbook/index.mdx", import.meta.url),
      "utf8",
    );
    const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
    const drills = readdirSync(new URL("../../exercises/", import.meta.url)).filter((d) => d.startsWith("drill-"));
    expect(drills.length).toBeGreaterThanOrEqual(6);
    for (const id of drills) {
      const readme = readFileSync(new URL(`../../exercises/${id}/README.md`, import.meta.url), "utf8");
      const stated = /about (\w+) minutes/.exec(readme)?.[1];
      expect(stated && words[stated], `${id} states its target in words`).toBeTruthy();
      // A drill of the page's <DrillSet>, which wraps each drill's <Exercise> in a DrillClock.
      const clock = new RegExp(`<DrillSet[^>]*\\{\\s*exercise:\\s*"${id}",\\s*minutes:\\s*(\\d+)\\s*\\}`).exec(chapter);
      expect(clock, `${id} is a drill of the DrillSet`).not.toBeNull();
      expect(Number(clock![1]), id).toBe(words[stated!]);
    }
  });
});
