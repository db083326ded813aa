import { describe, expect, test } from "vitest";
import {
  analyseFailureMap,
  describeImpact,
  describeSharing,
  failingWith,
  failureMapExamples,
  formatFailureMap,
  errorText,
  MapSyntaxError,
  parseFailureMap,
  parseFailureMapOrThrow,
  parseFailureMapSkippingBadDecisions,
  saturateResource,
} from "./index.ts";

const names = (failing: { name: string }[]) => failing.map((f) => f.name);

describe("parsing", () => {
  test("reads services, weights, resources, dedicated pools, uses, calls and fallbacks", () => {
    const map = parseFailureMapOrThrow(`
      title Tiny
      service web weight 3   # entry point
      service api
      service recs
      pool db
      pool api-client for api
      web calls api
      web calls recs with fallback
      web uses api-client
      api uses db
    `);
    expect(map.title).toBe("Tiny");
    expect(map.services).toEqual([
      { name: "web", weight: 3, line: 3 },
      { name: "api", line: 4 },
      { name: "recs", line: 5 },
    ]);
    expect(map.resources.map((r) => [r.name, r.kind, r.dedicatedTo])).toEqual([
      ["db", "pool", undefined],
      ["api-client", "pool", "api"],
    ]);
    expect(map.calls.map((c) => [c.caller, c.callee, c.fallback])).toEqual([
      ["web", "api", false],
      ["web", "recs", true],
    ]);
    expect(map.uses.map((u) => [u.service, u.resource])).toEqual([
      ["web", "api-client"],
      ["api", "db"],
    ]);
  });

  test("names may be used before they are declared", () => {
    const result = parseFailureMap("a uses r\na calls b\nservice a\nservice b\ncache r");
    expect(result.ok).toBe(true);
  });

  const errorCases: [string, string, number, RegExp][] = [
    ["unknown statement", "service a\nfrobnicate a", 2, /cannot read "frobnicate a"/],
    ["typo in a service name", "service checkout\npool db\nchekout uses db", 3, /no service named "chekout"/],
    ["undeclared resource", "service a\n\na uses nope", 3, /no resource named "nope"/],
    ["calling a resource", "service a\npool db\na calls db", 3, /"db" is a resource/],
    ["using a service", "service a\nservice b\na uses b", 3, /"b" is a service/],
    ["duplicate name", "service a\npool a", 2, /already declared on line 1/],
    ["bad weight", "service a weight lots", 1, /weight must be a number/],
    ["negative weight", "service a weight -2", 1, /weight must be a number/],
    [
      "hexadecimal weight",
      "service a weight 0x10",
      1,
      /weight must be a number from 0 to 1,000,000,000 .*, got "0x10"/,
    ],
    // Two of 1e308 added up to Infinity, and every share of traffic read 0%.
    ["weight past the bound", "service a weight 1e308", 1, /weight must be a number from 0 to 1,000,000,000/],
    ["keyword as a name", "service pool", 1, /keyword/],
    ["bad characters", "service 9lives", 1, /not a valid service name/],
    ["calls itself", "service a\na calls a", 2, /cannot call itself/],
    ["empty list item", "service a\npool p\na uses p,,p", 3, /empty name/],
    ["nothing after the verb", "service a\na calls", 2, /needs at least one name/],
    ["dedicated to a resource", "service a\npool p\npool q for p", 3, /resource/],
    ["no services", "# nothing here\npool p", 1, /no services/],
    ["decision on nothing", "service a\ndecide db split", 2, /no resource named "db" to decide about/],
    ["decision on a service", "service a\ndecide a split", 2, /"a" is a service: decisions are about shared resources/],
    [
      "unknown decision",
      "service a\npool p\ndecide p shrink",
      3,
      /"shrink" is not a decision: write split, protect or accept/,
    ],
    [
      "decision without a verb",
      "service a\npool p\ndecide p",
      3,
      /expected "decide <resource> split\|protect\|accept"/,
    ],
    ["decision twice", "service a\npool p\ndecide p split\ndecide p accept", 4, /already has a decision, on line 3/],
    ["unknown decision clause", "service a\npool p\ndecide p split; when May", 3, /cannot read "; when May"/],
    ["owner without a name", "service a\npool p\ndecide p split; owner", 3, /"owner" needs some text/],
    ["empty change", "service a\npool p\ndecide p split:", 3, /nothing after ":"/],
    ["service named decide", "service decide", 1, /keyword/],
  ];
  test.each(errorCases)("%s: the error names line %i", (_, text, line, message) => {
    const result = parseFailureMap(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]!.line).toBe(line);
    expect(result.errors[0]!.message).toMatch(message);
  });

  test("every error is reported, in line order, and the thrown error lists them with their lines", () => {
    const text = "service a\nb uses x\nservice a\nzzz";
    const result = parseFailureMap(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.line)).toEqual([2, 2, 3, 4]);
    expect(() => parseFailureMapOrThrow(text)).toThrow(MapSyntaxError);
    expect(() => parseFailureMapOrThrow(text)).toThrow(/line 3: "a" is already declared on line 1/);
  });

  test("an undeclared caller with several callees is reported once for its line", () => {
    const result = parseFailureMap("service b\nservice c\n\na calls b, c");
    expect(result).toEqual({
      ok: false,
      errors: [{ line: 4, message: 'no service named "a" (declare it with "service a")' }],
    });
  });

  test("decisions: the resource, split, protect or accept, and optionally the change, an owner and a date", () => {
    const map = parseFailureMapOrThrow(`
      service a
      service b
      pool db
      cache c
      queue q
      a uses db, c, q
      b uses db
      decide db split: a pool per service; owner Priya Shah; by 15 January
      decide c accept
      decide q protect; by next sprint   # no owner yet
    `);
    expect(map.decisions).toEqual([
      {
        resource: "db",
        decision: "split",
        change: "a pool per service",
        owner: "Priya Shah",
        by: "15 January",
        line: 9,
      },
      { resource: "c", decision: "accept", line: 10 },
      { resource: "q", decision: "protect", by: "next sprint", line: 11 },
    ]);
    // A map without decisions has none (and no empty list).
    expect(parseFailureMapOrThrow("service a").decisions).toBeUndefined();
  });

  test("formatting a map and parsing it back gives the same map (both examples, and decisions)", () => {
    const decided = `service a\nservice b\npool db\na uses db\nb uses db\ndecide db split: one each; owner Ana; by May`;
    for (const example of [...failureMapExamples, { text: decided }]) {
      const map = parseFailureMapOrThrow(example.text);
      const again = parseFailureMapOrThrow(formatFailureMap(map));
      // Line numbers and the order of edges change (edges are grouped by service); nothing else may.
      const strip = (m: typeof map) => {
        const plain = JSON.parse(JSON.stringify(m, (k, v) => (k === "line" ? undefined : v)));
        for (const key of ["uses", "calls"]) plain[key] = plain[key].map((e: object) => JSON.stringify(e)).sort();
        return plain;
      };
      expect(strip(again)).toEqual(strip(map));
    }
  });
});

describe("reading a group's map with its faulty decide lines skipped", () => {
  const good = "title Ours\nservice a\nservice b\npool db\ncache c\na uses db, c\nb uses db";

  test("a map whose only errors are decide lines is read without those lines, each named with the parser's own error", () => {
    const text = `${good}\ndecide db split; owner Priya\ndecide nowhere split   # a typo\n\ndecide c shrink\ndecide db accept`;
    const strict = parseFailureMap(text);
    expect(strict.ok).toBe(false);
    if (strict.ok) return;
    const read = parseFailureMapSkippingBadDecisions(text);
    expect(read).toEqual({
      ok: true,
      map: parseFailureMapOrThrow(`${good}\ndecide db split; owner Priya`),
      skipped: strict.errors,
    });
    expect(strict.errors.map((e) => e.line)).toEqual([9, 11, 12]);
    expect(strict.errors.map(errorText)).toEqual([
      'line 9: no resource named "nowhere" to decide about',
      'line 11: "shrink" is not a decision: write split, protect or accept',
      'line 12: "db" already has a decision, on line 8',
    ]);
  });

  test("any other error refuses the map whole, as the strict parser does; a clean map skips nothing", () => {
    for (const text of [`${good}\nb uses nothing\ndecide nowhere split`, `${good}\nzzz`]) {
      expect(parseFailureMapSkippingBadDecisions(text)).toEqual(parseFailureMap(text));
      expect(parseFailureMapSkippingBadDecisions(text).ok).toBe(false);
    }
    expect(parseFailureMapSkippingBadDecisions(good)).toEqual({
      ok: true,
      map: parseFailureMapOrThrow(good),
      skipped: [],
    });
    // Without its one bad decide line, a map with no services is still no map: both errors are said.
    expect(parseFailureMapSkippingBadDecisions("pool p\ndecide p shrink")).toEqual({
      ok: false,
      errors: [
        { line: 1, message: 'the map has no services yet: add a line like "service checkout"' },
        { line: 2, message: '"shrink" is not a decision: write split, protect or accept' },
      ],
    });
  });
});

describe("what fails when a resource saturates", () => {
  test("a chain: the failure climbs every caller up to the entry point", () => {
    const map = parseFailureMapOrThrow(
      "service a\nservice b\nservice c\nservice d\npool p\na calls b\nb calls c\nc uses p",
    );
    const impact = saturateResource(map, "p");
    expect(impact.direct).toEqual(["c"]);
    expect(impact.failing).toEqual([
      { name: "a", cause: "call", via: "b" },
      { name: "b", cause: "call", via: "c" },
      { name: "c", cause: "direct" },
    ]);
    expect(impact.spared).toEqual(["d"]);
    expect(impact.serviceShare).toBe(3 / 4);
    expect(impact.trafficShare).toBeNull();
  });

  test("weights that add up to nothing give no share of traffic: 0 of 0 is not 0%", () => {
    const map = parseFailureMapOrThrow("service a weight 0\nservice b weight 0\npool db\na uses db\nb uses db");
    const impact = saturateResource(map, "db");
    expect(impact.serviceShare).toBe(1);
    expect(impact.trafficShare).toBeNull();
  });

  test("a cycle terminates and fails everything on it", () => {
    const map = parseFailureMapOrThrow(
      "service a\nservice b\nservice c\nservice x\nqueue q\na calls b\nb calls c\nc calls a\nx calls a\nb uses q",
    );
    const impact = saturateResource(map, "q");
    expect(names(impact.failing)).toEqual(["a", "b", "c", "x"]);
    expect(impact.serviceShare).toBe(1);
  });

  test("a fallback stops the failure from climbing", () => {
    const map = parseFailureMapOrThrow("service web\nservice recs\ncache c\nweb calls recs with fallback\nrecs uses c");
    expect(names(saturateResource(map, "c").failing)).toEqual(["recs"]);
  });

  test("a resource nobody uses hurts nobody", () => {
    const map = parseFailureMapOrThrow("service a\npool idle");
    const impact = saturateResource(map, "idle");
    expect(impact.failing).toEqual([]);
    expect(impact.serviceShare).toBe(0);
    expect(describeImpact(impact, 1)).toMatch(/nothing fails/);
    expect(() => saturateResource(map, "missing")).toThrow(RangeError);
  });

  test("weights give the traffic share; services without a weight carry none", () => {
    const map = parseFailureMapOrThrow(
      "service web weight 60\nservice api weight 40\nservice worker\npool p\nweb uses p\nworker uses p",
    );
    const impact = saturateResource(map, "p");
    expect(names(impact.failing)).toEqual(["web", "worker"]);
    expect(impact.trafficShare).toBeCloseTo(0.6, 12);
    expect(impact.serviceShare).toBeCloseTo(2 / 3, 12);
  });

  test("failingWith a failed service: its callers, not its callees", () => {
    const map = parseFailureMapOrThrow("service a\nservice b\nservice c\na calls b\nb calls c");
    expect(names(failingWith(map, ["b"]))).toEqual(["a", "b"]);
  });
});

describe("resources shared by unrelated services", () => {
  test("a pool shared by two services with no call path between them is flagged", () => {
    const map = parseFailureMapOrThrow(
      "service search\nservice checkout\nservice pricing\npool db\ncheckout calls pricing\nsearch uses db\ncheckout uses db",
    );
    const impact = saturateResource(map, "db");
    expect(impact.userGroups).toEqual([["search"], ["checkout"]]);
    expect(impact.sharedByUnrelated).toBe(true);
    expect(describeSharing(impact)).toMatch(/shared by unrelated services \(search and checkout\)/);
  });

  test("users related to each other are named as one group of the unrelated ones, in words", () => {
    const map = parseFailureMapOrThrow(
      "service a\nservice b\nservice c\nservice d\npool db\na calls b\na uses db\nb uses db\nc uses db\nd uses db",
    );
    const impact = saturateResource(map, "db");
    expect(impact.userGroups).toEqual([["a", "b"], ["c"], ["d"]]);
    expect(describeSharing(impact)).toBe(
      "db is shared by unrelated services (a and b, related by calls; c; d): a fault in one can starve the others.",
    );
  });

  test("a pool shared along a call path is not flagged: the caller fails with its callee anyway", () => {
    const map = parseFailureMapOrThrow("service web\nservice api\npool db\nweb calls api\nweb uses db\napi uses db");
    expect(saturateResource(map, "db").sharedByUnrelated).toBe(false);
  });

  test("a pool dedicated to one dependency is not flagged when all its users call that dependency", () => {
    const text =
      "service checkout\nservice cart\nservice pricing\npool pc for pricing\ncheckout calls pricing\ncart calls pricing\ncheckout uses pc\ncart uses pc";
    expect(saturateResource(parseFailureMapOrThrow(text), "pc").sharedByUnrelated).toBe(false);
    // Without "for pricing" the same two callers are unrelated to each other.
    expect(saturateResource(parseFailureMapOrThrow(text.replace(" for pricing", "")), "pc").sharedByUnrelated).toBe(
      true,
    );
  });

  test("groups merge when a later user relates two earlier groups", () => {
    const map = parseFailureMapOrThrow(
      "service a\nservice b\nservice c\npool p\nc calls a\nc calls b\na uses p\nb uses p\nc uses p",
    );
    expect(saturateResource(map, "p").userGroups).toEqual([["a", "b", "c"]]);
  });
});

describe("the built-in platform maps", () => {
  const [before, after] = failureMapExamples.map((e) => analyseFailureMap(parseFailureMapOrThrow(e.text)));

  test("before bulkheads: the incident's pool plus four more shared risks are flagged", () => {
    expect(before!.flagged).toEqual(["shared-db", "gateway-workers", "shared-redis", "jobs", "http-client"]);
  });

  test("before bulkheads: the shared database pool takes down every entry point, 100% of traffic", () => {
    const db = before!.impacts.find((i) => i.resource === "shared-db")!;
    expect(names(db.failing)).toEqual(["storefront", "checkout", "search", "accounts", "cart", "inventory"]);
    expect(db.trafficShare).toBe(1);
    expect(db.failing.find((f) => f.name === "storefront")).toEqual({
      name: "storefront",
      cause: "call",
      via: "search",
    });
  });

  test("after bulkheads: nothing is flagged and no resource reaches more than 70% of traffic", () => {
    expect(after!.flagged).toEqual([]);
    const worst = Math.max(...after!.impacts.map((i) => i.trafficShare!));
    expect(worst).toBeCloseTo(0.7, 12); // search-db: search (25) + storefront (45), which calls search without a fallback
  });
});

test("the template parses and already shows the classic risk: a background worker sharing the request path's pool", () => {
  const template = failureMapExamples.find((e) => e.id === "template")!;
  const analysis = analyseFailureMap(parseFailureMapOrThrow(template.text));
  expect(analysis.flagged).toEqual(["db", "tasks"]);
  const db = analysis.impacts.find((i) => i.resource === "db")!;
  expect(db.trafficShare).toBe(1); // web calls api, which draws from db
});
