import { expect, test } from "vitest";
import { outage, outageRuns, provisioning } from "./numbers.ts";
import { workedSolution } from "../../../tests/support/worked-solution.ts";

test("N/(N-1) × peak (AWS Builders' Library, static stability): 2 zones 2×, 3 zones 1.5×, 4 zones 1.33×", () => {
  expect(provisioning[0]).toEqual({ zones: 2, factor: "2×", perZone: "100%", extra: "100%" });
  expect(provisioning[1]).toEqual({ zones: 3, factor: "1.5×", perZone: "50%", extra: "50%" });
  expect(provisioning[2]).toEqual({ zones: 4, factor: "1.33×", perZone: "33.3%", extra: "33.3%" });
});

test("the table and the exercise's worked solution give the same multiple for four zones", async () => {
  const explanation = await workedSolution("static-stability-preprovision");
  expect(explanation).toContain(provisioning[2]!.factor.replace("×", ""));
});

test("control plane down: the cached router routes everyone, new customers wait", () => {
  expect(outage).toEqual({
    existing: "1,200",
    arriving: "40",
    cells: 6,
    cachedRouted: "1,200",
    cachedWaiting: "40",
    askingRouted: "0",
    placedAfter: "40",
  });
});

test("the cached router keeps routing from the copy it has; sign-ups wait; on the control plane's return it picks up the new mapping", () => {
  const [before, down, recovered] = outageRuns.cached;
  // "the refresh fails, the router shrugs and keeps routing from the copy it has"
  expect(down!.mapVersion).toBe(before!.mapVersion);
  expect(down!.failed).toBe(0);
  // "a customer who signs up during the outage cannot be placed in a cell until it comes back"
  expect(down!.placed).toBe(0);
  // "the waiting ones are placed and the router picks up the new mapping"
  expect(recovered!.placed).toBe(down!.turnedAway);
  expect(recovered!.mapVersion!).toBeGreaterThan(down!.mapVersion!);
  // The router that asks on every request routes no one while the control plane is down.
  expect(outageRuns.asking[1]!.failed).toBe(outageRuns.asking[0]!.routed);
});

test("more zones means less spare capacity for the same protection", () => {
  const extra = provisioning.map((p) => Number(p.extra.replace("%", "")));
  for (let i = 1; i < extra.length; i++) expect(extra[i]!).toBeLessThan(extra[i - 1]!);
  expect(provisioning.map((p) => p.zones)).toEqual([...provisioning.map((p) => p.zones)].sort((a, b) => a - b));
});

test("the plane-matching exercise cites, for control planes failing more often, the whitepaper the chapter reads and SOURCES.md lists", async () => {
  const { readFileSync } = await import("node:fs");
  const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
  const address = "https://docs.aws.amazon.com/whitepapers/latest/aws-fault-isolation-boundaries/static-stability.html";
  const quote = "statistically more likely to fail than data planes";
  expect(read("content/chapters/static-stability/index.mdx")).toContain(address);
  expect(read("docs/SOURCES.md")).toContain(`| ${address} | control planes are "${quote}"`);
  const explanation = read("solutions/control-or-data-plane/explanation.md");
  expect(explanation).toContain(`control planes "${quote}"`);
  expect(explanation).toContain(`(${address})`);
  // DNS failover as data-plane work: Route 53's health-check failover keeps working through a
  // control-plane impairment, as the whitepaper's Appendix B says.
  const route53 =
    "https://docs.aws.amazon.com/whitepapers/latest/aws-fault-isolation-boundaries/appendix-b---edge-network-global-service-guidance.html";
  const keepsWorking =
    "DNS resolution and health checks, and updates to routing resulting from changes in health checks, will continue to work";
  expect(read("docs/SOURCES.md")).toContain(
    `| ${route53} | during a Route 53 control-plane impairment, "${keepsWorking}"`,
  );
  expect(explanation).toContain(`"${keepsWorking}"`);
  expect(explanation).toContain(`(${route53})`);
  // The feedback says no more than the source: more likely to fail, not "the first thing to get slow".
  expect(read("exercises/control-or-data-plane/exercise.yaml")).toContain(
    "AWS finds the plane that creates and changes things statistically more likely to fail than the one that serves requests",
  );
});
