/**
 * `npm run sim -- cells`: a cell-based design in the terminal. Where a fault lands and how many
 * customers it reaches (against one shared deployment), a canary-first rollout, a customer move,
 * and what still works while the control plane is down.
 */
import { asGiven, countOf, grouped, nounFor, percentUpTo, times } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";
import {
  asksForHelp,
  didYouMean,
  numberOption,
  parseArgs,
  processIo,
  table,
  UsageError,
  type ParsedArgs,
} from "../args.ts";
import type { SimCommand } from "./command.ts";
import { fitLines, fitUsage, outputWidth } from "../terminal-width.ts";
import { blastRadius, type BlastRadius, type Fault } from "../../sim/cells/blast.ts";
import { rollout, type RolloutOutcome } from "../../sim/cells/deploy.ts";
import { moveCustomer, type MoveResult, type MoveStep, type MoveStrategy } from "../../sim/cells/migration.ts";
import { cellPopulations, placeAll, uniformCustomers } from "../../sim/cells/router.ts";
import {
  controlPlaneOutage,
  preProvisionFactor,
  type PhaseOutcome,
  type RouterMode,
  minZones,
} from "../../sim/cells/static-stability.ts";
import { moveStepWords, phaseWords, rolloutStepText, routerModeWords } from "../../sim/cells/words.ts";

/** Customers per cell: "100 per cell" when every cell holds the same, else "95 to 105 per cell". */
function perCell(populations: readonly number[]): string {
  const low = Math.min(...populations);
  const high = Math.max(...populations);
  return low === high ? `${asGiven(low)} per cell` : `${asGiven(low)} to ${asGiven(high)} per cell`;
}

/** The bounds the help states and the options enforce: one number for both. */
const maxCells = 1000;
const maxCustomers = 1_000_000;
const defaultCustomers = 1000;

const usage = `usage: npm run sim -- cells [--cells N] [--customers C] [--zones Z] [--fault KIND] [options] [--json]

Places C customers (uniform partition keys) in N cells behind a router with a cached mapping,
lands a fault, and reports its blast radius beside the same fault in one shared deployment;
then rolls a release out cell by cell behind a canary, moves customer c0 to the last cell, and
takes the control plane down to show what keeps working (static stability).

options:
  --cells N               cells, 1..${grouped(maxCells)} (default 10)
  --customers C           customers, N..${grouped(maxCustomers)} (default ${grouped(defaultCustomers)})
  --zones Z               availability zones; cell i lives in zone i mod Z, ${minZones}..10 (default 3)
  --fault KIND            poison | bad-deploy | lost-zone (default bad-deploy)
  --target T              the poisoned customer number, the bad cell, or the lost zone (default 0)
  --headroom H            spare capacity of the shared design as a share of peak, 0..10 (default 0)
  --release good|bad      the release rolled out (default bad)
  --health-check-misses   the canary's health check misses the bad release (a gray failure)
  --wave W                cells per wave after the canary (default 1)
  --move dual-write|freeze  how customer c0 moves to the last cell (default dual-write)
  --router cached|asks    the router routes from its cached mapping, or asks the control plane per request (default cached)
  --arriving A            sign-ups during the control-plane outage (default 20)
  --json                  print JSON instead of tables
  --help                  this text`;

function choice<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[], fallback: T): T {
  const raw = args.options.get(name)?.at(-1);
  if (raw === undefined) return fallback;
  // A name close to one allowed is suggested, as a misspelt simulation or parameter is (didYouMean).
  if (!(allowed as readonly string[]).includes(raw))
    throw new UsageError(
      `--${name} must be one of ${listNames(allowed, "or")}, got "${raw}"${didYouMean(raw, allowed)}`,
    );
  return raw as T;
}

export interface CellsReport {
  cells: number;
  customers: number;
  zones: number;
  populations: number[];
  blast: BlastRadius;
  rollout: RolloutOutcome;
  move: MoveStep[] | { error: MoveRefusal };
  staticStability: { routerMode: RouterMode; phases: PhaseOutcome[]; preProvisionFactor: number };
}

export function cellsReport(argv: string[]): { report: CellsReport; json: boolean } {
  const args = parseArgs(argv, "cells", {
    options: [
      "cells",
      "customers",
      "zones",
      "fault",
      "target",
      "headroom",
      "release",
      "wave",
      "move",
      "router",
      "arriving",
    ],
    flags: ["json", "health-check-misses"],
  });
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
  const cells = numberOption(args, "cells", 10, { min: 1, max: maxCells, integer: true });
  const customers = numberOption(args, "customers", defaultCustomers, { min: cells, max: maxCustomers, integer: true });
  const zones = numberOption(args, "zones", 3, { min: minZones, max: 10, integer: true });
  const kind = choice(args, "fault", ["poison", "bad-deploy", "lost-zone"] as const, "bad-deploy");
  const targetMax = kind === "poison" ? customers - 1 : kind === "bad-deploy" ? cells - 1 : zones - 1;
  const target = numberOption(args, "target", 0, { min: 0, max: targetMax, integer: true });
  const headroom = numberOption(args, "headroom", 0, { min: 0, max: 10 });
  const release = choice(args, "release", ["good", "bad"] as const, "bad");
  const waveSize = numberOption(args, "wave", 1, { min: 1, max: Math.max(1, cells - 1), integer: true });
  const strategy = choice<MoveStrategy>(args, "move", ["dual-write", "freeze"], "dual-write");
  const routerMode: RouterMode =
    choice(args, "router", ["cached", "asks"] as const, "cached") === "cached"
      ? "cached-mapping"
      : "asks-control-plane";
  const arriving = numberOption(args, "arriving", 20, { min: 0, max: 1_000_000, integer: true });

  const everyone = uniformCustomers(customers);
  const { controlPlane, router } = placeAll(everyone, cells);
  const populations = cellPopulations(controlPlane.publish()!);
  const fault: Fault =
    kind === "poison"
      ? { kind, customer: `c${target}` }
      : kind === "bad-deploy"
        ? { kind, cell: target }
        : { kind, zone: target };
  const blast = blastRadius(everyone, router, fault, { cells, zones, sharedHeadroom: headroom });
  const deploy = rollout({
    cellPopulations: populations,
    releaseBad: release === "bad",
    healthCheckCatches: !args.flags.has("health-check-misses"),
    waveSize,
  });
  const moved = moveCustomer(controlPlane, router, "c0", cells - 1, strategy);
  const phases = controlPlaneOutage({ existing: customers, arriving, cells, routerMode });
  return {
    json: args.flags.has("json"),
    report: {
      cells,
      customers,
      zones,
      populations,
      blast,
      rollout: deploy,
      move: moved.ok ? moved.steps : { error: moved.reason },
      staticStability: { routerMode, phases, preProvisionFactor: preProvisionFactor(zones) },
    },
  };
}

type MoveRefusal = Extract<MoveResult, { ok: false }>["reason"];

/** Why a customer could not be moved (--json keeps the reason's name), in words. */
const moveRefusals: Record<MoveRefusal, string> = {
  "same-cell": "it is in that cell already",
  "control-plane-down": "the control plane is down, and only it can re-point a customer",
  "unknown-customer": "the router has no cell for it",
};

/** "Routes from its cached mapping" as the middle of a sentence: "the router routes from ...". */
const lowerFirst = (text: string) => `${text[0]!.toLowerCase()}${text.slice(1)}`;

/** A share of customers as the cells chapters write one (at most one decimal: "10%", "33.3%"). */
const share = (x: number) => percentUpTo(x);

/**
 * The report as text, fitted to `width` (a terminal's, outputWidth): its sentences wrapped, its
 * tables wrapped in their columns or, too narrow for them, one record after another (table). As
 * written when `width` is undefined (a pipe).
 */
function render(r: CellsReport, width?: number): string {
  const b = r.blast;
  // The tables, fitted as tables; every other line is a sentence, wrapped (fitLines).
  const tables = new Set<string>();
  const fittedTable = (rows: string[][]) => {
    const text = table(rows, width);
    tables.add(text);
    return text;
  };
  const where =
    b.fault.kind === "poison"
      ? `poison request from ${b.fault.customer}`
      : b.fault.kind === "bad-deploy"
        ? `bad deploy in cell ${b.fault.cell}`
        : `loss of zone ${b.fault.zone}`;
  // How many cells, then which: "1 (cell 0)", "4 (cells 0, 3, 6 and 9)"; a bare "0" read as none hit.
  const hit = b.affectedCells;
  const cellsHit =
    hit.length === 0 ? "none" : `${grouped(hit.length)} (${nounFor(hit.length, "cell")} ${listNames(hit.map(String))})`;
  const lines = [
    `${countOf(r.customers, "customer")} in ${countOf(r.cells, "cell")} (${perCell(r.populations)}), ${countOf(r.zones, "zone")}`,
    "",
    `fault: ${where}; cells hit: ${cellsHit}`,
    fittedTable([
      ["design", "customers affected", "share"],
      [countOf(r.cells, "cell"), asGiven(b.customersAffected), share(b.customerShare)],
      [
        "one shared deployment",
        asGiven(Math.round(b.nonCellular.customerShare * b.customers)),
        share(b.nonCellular.customerShare),
      ],
    ]),
    `  (shared design: ${b.nonCellular.why})`,
    "",
    "rollout, canary first:",
    // Each step, move and phase in the cells widgets' words (src/sim/cells/words.ts); --json keeps the names.
    ...r.rollout.steps.map((s) => `  ${rolloutStepText(s)}`),
    `  customers who saw the release while bad: ${asGiven(r.rollout.customersExposed)} (${share(r.rollout.exposedShare)}); all at once: ${share(r.rollout.allAtOnceExposedShare)}`,
    "",
  ];
  if (Array.isArray(r.move)) {
    lines.push(
      `moving customer c0 to cell ${r.cells - 1}:`,
      fittedTable([
        ["step", "routed to", "writes to", "up to date in"],
        ...r.move.map((s) => [
          moveStepWords[s.name],
          `cell ${s.routedTo}`,
          s.writesTo.join("+") || "paused",
          s.upToDateIn.join("+"),
        ]),
      ]),
    );
  } else lines.push(`moving customer c0 to cell ${r.cells - 1}: not possible, ${moveRefusals[r.move.error]}`);
  lines.push(
    "",
    `control plane outage, and the router ${lowerFirst(routerModeWords[r.staticStability.routerMode])}:`,
    fittedTable([
      ["phase", "existing routed", "failed", "new placed", "new waiting"],
      ...r.staticStability.phases.map((p) => [
        phaseWords[p.phase],
        asGiven(p.routed),
        asGiven(p.failed),
        asGiven(p.placed),
        asGiven(p.turnedAway),
      ]),
    ]),
    // A multiple as the static-stability chapter and its widget write it: "1.5×".
    `pre-provision ${times(r.staticStability.preProvisionFactor)} peak so losing one of ${countOf(r.zones, "zone")} needs no launches`,
  );
  return lines.map((line) => (tables.has(line) ? line : fitLines(line, width))).join("\n");
}

const command: SimCommand = {
  run(argv, io = processIo) {
    if (asksForHelp(argv)) {
      io.stdout(fitUsage(usage, outputWidth(io)) + "\n");
      return 0;
    }
    const start = performance.now();
    const { report, json } = cellsReport(argv);
    // The wall-clock time of the run, named as every simulation's JSON names it.
    const wallMillis = Math.round((performance.now() - start) * 10) / 10;
    io.stdout((json ? JSON.stringify({ ...report, wallMillis }, null, 2) : render(report, outputWidth(io))) + "\n");
    return 0;
  },
};

export default command;
