import type { Checks } from "course/checks";
import { blastRadius, type FailureMap } from "./starter.ts";

/** The chapter's story: a shared HTTP client pool, a slow pricing service, and who notices. */
const shop: FailureMap = {
  services: ["web", "mobile", "checkout", "search", "recommendations", "pricing", "inventory"],
  resources: ["http-pool", "db-pool", "pricing-pool"],
  uses: [
    { service: "checkout", resource: "http-pool" },
    { service: "search", resource: "http-pool" },
    { service: "recommendations", resource: "http-pool" },
    { service: "inventory", resource: "db-pool" },
    { service: "checkout", resource: "db-pool" },
  ],
  calls: [
    { caller: "web", callee: "checkout" },
    { caller: "web", callee: "search" },
    { caller: "mobile", callee: "search", fallback: true },
    { caller: "web", callee: "recommendations", fallback: true },
    { caller: "checkout", callee: "pricing" },
    { caller: "search", callee: "inventory" },
  ],
};

export default function (t: Checks) {
  t.check("the users of the saturated pool fail, and callers without a fallback with them", () => {
    t.deepEqual(blastRadius(shop, "http-pool"), ["checkout", "recommendations", "search", "web"]);
  });
  t.check("a fallback stops the spread", () => {
    t.ok(!blastRadius(shop, "http-pool").includes("mobile"), "mobile falls back when search fails");
  });
  t.check("failure climbs several levels of callers", () => {
    // db-pool: inventory and checkout use it; search calls inventory; web calls checkout and search.
    t.deepEqual(blastRadius(shop, "db-pool"), ["checkout", "inventory", "search", "web"]);
  });
  t.check("a resource nobody uses hurts nobody", () => {
    t.deepEqual(blastRadius(shop, "pricing-pool"), []);
  });
  t.check("cycles in the call graph are fine", () => {
    const map: FailureMap = {
      services: ["a", "b", "c"],
      resources: ["r"],
      uses: [{ service: "b", resource: "r" }],
      calls: [
        { caller: "a", callee: "b" },
        { caller: "b", callee: "a" },
        { caller: "c", callee: "c" },
      ],
    };
    t.deepEqual(blastRadius(map, "r"), ["a", "b"]);
  });
  t.check("each failed service is listed once, sorted", () => {
    const map: FailureMap = {
      services: ["zeta", "alpha", "mid"],
      resources: ["r"],
      uses: [
        { service: "zeta", resource: "r" },
        { service: "alpha", resource: "r" },
      ],
      calls: [
        { caller: "mid", callee: "zeta" },
        { caller: "mid", callee: "alpha" },
        { caller: "alpha", callee: "zeta" },
      ],
    };
    t.deepEqual(blastRadius(map, "r"), ["alpha", "mid", "zeta"]);
  });
  t.check("unknown names throw a RangeError", () => {
    t.throws(() => blastRadius(shop, "no-such-pool"), RangeError, "an unknown resource");
    t.throws(
      () => blastRadius({ ...shop, uses: [...shop.uses, { service: "ghost", resource: "http-pool" }] }, "http-pool"),
      RangeError,
      "a use by an unknown service",
    );
    t.throws(
      () => blastRadius({ ...shop, calls: [...shop.calls, { caller: "web", callee: "ghost" }] }, "http-pool"),
      RangeError,
      "a call to an unknown service",
    );
  });
  t.check("a chain of 50,000 services is handled in linear time", () => {
    const n = 50_000;
    const services = Array.from({ length: n }, (_, i) => `s${i}`);
    const map: FailureMap = {
      services,
      resources: ["pool"],
      uses: [{ service: "s0", resource: "pool" }],
      // Listed from the far end of the chain: a pass over the calls in this order fails one more
      // service, so rescanning until nothing changes takes a pass per service.
      calls: services
        .slice(1)
        .map((s, i) => ({ caller: s, callee: `s${i}` }))
        .reverse(),
    };
    // The fastest of three runs: a linear walk takes a fraction of a second, one that rescans the calls
    // for every service takes minutes, and a busy machine's pauses do not repeat three times.
    let fastest = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3 && fastest >= 1500; run++) {
      const start = Date.now();
      const failed = blastRadius(map, "pool");
      fastest = Math.min(fastest, Date.now() - start);
      t.equal(failed.length, n);
    }
    t.ok(fastest < 1500, `took ${fastest} ms (the fastest of the runs)`);
  });
}
