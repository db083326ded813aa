import { expect, test } from "vitest";
import { percentUpTo, times } from "../../format/number.ts";
import { UsageError } from "../args.ts";
import { moveStepWords, phaseWords, rolloutStepText, routerModeWords } from "../../sim/cells/words.ts";
import command, { cellsReport } from "./cells.ts";
import { capture as captureOutput, sim } from "./capture.test-helper.ts";

const capture = (argv: string[]) => captureOutput(command, argv);

test("--json: one bad cell of ten, canary catches it, c0 moves, static stability", async () => {
  const { code, out } = await capture(["--json"]);
  expect(code).toBe(0);
  const json = JSON.parse(out);
  expect(json.populations).toEqual(new Array(10).fill(100));
  expect(json.blast).toMatchObject({ affectedCells: [0], customersAffected: 100, customerShare: 0.1, cellShare: 0.1 });
  expect(json.blast.nonCellular.customerShare).toBe(1);
  expect(json.rollout).toMatchObject({ halted: true, cellsReached: 1, customersExposed: 100 });
  expect(json.move.map((s: { name: string }) => s.name)).toEqual(["copy", "dual-write", "flip-mapping", "clean-up"]);
  expect(json.staticStability.phases[1]).toMatchObject({ phase: "control-plane-down", routed: 1000, turnedAway: 20 });
  expect(json.staticStability.preProvisionFactor).toBe(1.5);
  // The wall-clock field has one name in every simulation's JSON (retry-storm, shuffle-shard, cells).
  expect(json.wallMillis).toBeGreaterThanOrEqual(0);
});

test("every rollout step, move step, outage phase and router is printed in the cells widgets' words, never its name", async () => {
  // It once printed "wave 0: health-check-failed cell 0" and "router cached-mapping".
  for (const argv of [[], ["--health-check-misses", "--wave", "4", "--move", "freeze", "--router", "asks"]]) {
    const { out } = await capture(argv);
    const { report } = cellsReport(argv);
    const names = [
      ...report.rollout.steps.map((s) => s.action),
      ...(Array.isArray(report.move) ? report.move.map((s) => s.name) : []),
      ...report.staticStability.phases.map((p) => p.phase),
      report.staticStability.routerMode,
    ];
    for (const name of names.filter((n) => n.includes("-"))) expect(out, name).not.toContain(name);
    for (const step of report.rollout.steps) expect(out).toContain(`  ${rolloutStepText(step)}\n`);
    for (const step of Array.isArray(report.move) ? report.move : [])
      expect(out).toMatch(new RegExp(`^${moveStepWords[step.name]}  `, "m"));
    for (const p of report.staticStability.phases) expect(out).toMatch(new RegExp(`^${phaseWords[p.phase]}  `, "m"));
    const router = routerModeWords[report.staticStability.routerMode];
    expect(out).toContain(`and the router ${router[0]!.toLowerCase()}${router.slice(1)}:`);
  }
});

test("blast radius equals affected cells / cells for uniform keys, for each fault", () => {
  for (const fault of ["poison", "bad-deploy", "lost-zone"]) {
    for (const cells of ["4", "9", "12"]) {
      const { report } = cellsReport([
        "--fault",
        fault,
        "--cells",
        cells,
        "--customers",
        String(Number(cells) * 25),
        "--target",
        "1",
      ]);
      expect(report.blast.customerShare).toBe(report.blast.affectedCells.length / report.cells);
    }
  }
});

test("a missed canary check, waves of 4, a freeze move and a router that asks the control plane", () => {
  const { report } = cellsReport(["--health-check-misses", "--wave", "4", "--move", "freeze", "--router", "asks"]);
  expect(report.rollout.halted).toBe(false);
  expect(report.rollout.exposedShare).toBe(1);
  expect(Array.isArray(report.move) && report.move[1]!.name).toBe("freeze-writes");
  expect(report.staticStability.phases[1]).toMatchObject({ routed: 0, failed: 1000 });
});

test("the table tells both designs apart", async () => {
  const { out } = await capture(["--fault", "poison", "--target", "7"]);
  expect(out).toMatch(/poison request from c7; cells hit: 1 \(cell 7\)$/m);
  expect(out).toMatch(/10 cells\s+100\s+10%/);
  expect(out).toMatch(/one shared deployment\s+1,000\s+100%/);
});

test("the cells hit are counted, then named: cell 0 hit never reads as none hit", async () => {
  // The default fault, a bad deploy in cell 0: where "cells hit: 0" read as no cell hit.
  expect((await capture([])).out).toMatch(/^fault: bad deploy in cell 0; cells hit: 1 \(cell 0\)$/m);
  const { out } = await capture(["--fault", "lost-zone"]);
  const { report } = cellsReport(["--fault", "lost-zone"]);
  const hit = report.blast.affectedCells;
  expect(hit).toEqual([0, 3, 6, 9]);
  expect(out).toMatch(/^fault: loss of zone 0; cells hit: 4 \(cells 0, 3, 6 and 9\)$/m);
});

test("--help, and bad input is a usage error", async () => {
  expect((await capture(["--help"])).out).toMatch(/--fault KIND/);
  // Bounds grouped as the errors state them ("at most 1,000").
  expect((await capture(["--help"])).out).toMatch(
    /cells, 1\.\.1,000 \(default 10\)[\s\S]*customers, N\.\.1,000,000 \(default 1,000\)/,
  );
  expect(() => command.run(["--fault", "meteor"])).toThrow(UsageError);
  expect(() => command.run(["--cells", "10", "--customers", "5"])).toThrow(/at least 10/);
  expect(() => command.run(["--fault", "bad-deploy", "--target", "10"])).toThrow(/at most 9/);
});

test("npm run sim exits 2 on bad input, with what to type instead", async () => {
  // In-process (src/cli/compiled.test.ts starts the compiled command as a process).
  const run = await sim(["cells", "--zones", "1"]);
  expect(run.code).toBe(2);
  expect(run.err).toMatch(/^error: --zones must be at least 2/);
  expect(run.out).toBe("");
});

test("the text groups thousands as the pages do, and says a cell's share once when every cell holds the same", async () => {
  const { out } = await capture(["--customers", "12000", "--cells", "10"]);
  expect(out).toMatch(/^12,000 customers in 10 cells \(1,200 per cell\), 3 zones$/m);
  expect(out).not.toMatch(/(^|[^\d,.])\d{4,}(?![\d,])/m);
});

// The cells chapters write a share of customers with at most one decimal (percentUpTo: "10%",
// "33.3%") and the capacity to run as a multiple ("1.5×", static stability); the terminal writes
// the same figures by the same helpers, and a count of cells grouped ("1,000 cells").
test("shares, the multiple and the counts read as the chapters write them", async () => {
  const argv = ["--cells", "3", "--customers", "10000", "--zones", "4"];
  const { report } = cellsReport(argv);
  const { out } = await capture(argv);
  expect(out).toMatch(/^10,000 customers in 3 cells \(3,333 to 3,334 per cell\), 4 zones$/m);
  expect(out).toMatch(
    new RegExp(`^3 cells +3,334 +${percentUpTo(report.blast.customerShare).replace(".", "\\.")}$`, "m"),
  );
  expect(percentUpTo(report.blast.customerShare)).toBe("33.3%");
  expect(out).toContain(
    `customers who saw the release while bad: 3,334 (${percentUpTo(report.rollout.exposedShare)}); all at once: 100%`,
  );
  expect(out).toContain(
    `pre-provision ${times(report.staticStability.preProvisionFactor)} peak so losing one of 4 zones needs no launches`,
  );
  expect(times(report.staticStability.preProvisionFactor)).toBe("1.33×");
  const most = await capture(["--cells", "1000", "--customers", "1000"]);
  expect(most.out).toMatch(/^1,000 customers in 1,000 cells \(1 per cell\), 3 zones$/m);
  expect(most.out).toMatch(/^1,000 cells +1 +0\.1%$/m);
});

test("one cell is a cell, and a customer that cannot move is told why in words", async () => {
  const one = await capture(["--cells", "1", "--release", "good"]);
  expect(one.out).toMatch(/^ {2}Wave 0: deploy to cell 0 \(canary\)$/m);
  expect(one.out).not.toMatch(/cells 0/);
  expect(one.out).toMatch(/^moving customer c0 to cell 0: not possible, it is in that cell already$/m);
  // --json keeps the reason's name.
  expect(cellsReport(["--cells", "1"]).report.move).toEqual({ error: "same-cell" });
  const bad = await capture(["--cells", "1"]);
  expect(bad.out).toMatch(
    /^ {2}Health check fails in cell 0 \(canary\) during its bake time\n {2}Rollout halted; cell 0 \(canary\) rolled back$/m,
  );
  const waves = await capture(["--cells", "12", "--wave", "4", "--release", "good"]);
  expect(waves.out).toMatch(/^ {2}Wave 0: deploy to cell 0 \(canary\)\n {2}Wave 1: deploy to cells 1–4$/m);
});

test("-h anywhere before -- is --help: the usage, exit 0; after --, an argument", async () => {
  for (const argv of [["-h"], ["--cells", "4", "-h"], ["--fault", "-h"], ["--seed", "3", "--help"]]) {
    const { code, out } = await capture(argv);
    expect(code, argv.join(" ")).toBe(0);
    expect(out, argv.join(" ")).toMatch(/^usage: npm run sim -- cells /);
  }
  const through = await sim(["cells", "-h"]);
  expect([through.code, through.err]).toEqual([0, ""]);
  expect(through.out).toMatch(/^usage: npm run sim -- cells /);
  expect(() => command.run(["--", "-h"])).toThrow('unexpected argument "-h"');
});

test("a misspelt --fault, --release or --router gets the name near it, as a misspelt simulation does", () => {
  expect(() => command.run(["--fault", "poisn"])).toThrow(
    new UsageError('--fault must be one of poison, bad-deploy or lost-zone, got "poisn" (did you mean poison?)'),
  );
  expect(() => command.run(["--router", "cashed"])).toThrow(/got "cashed" \(did you mean cached\?\)$/);
  // Nothing near: the allowed names alone.
  expect(() => command.run(["--fault", "meteor"])).toThrow(
    new UsageError('--fault must be one of poison, bad-deploy or lost-zone, got "meteor"'),
  );
});
