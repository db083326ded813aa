/**
 * Moving a customer to another cell (a large tenant outgrowing its cell) without losing
 * writes: copy, then dual-write or briefly freeze writes, flip the mapping, clean up.
 * Each step records where requests are routed, where writes go and where the data lives,
 * so a page (or a test) can check that nothing is ever routed to a cell without its data.
 */
import type { CellRouter, ControlPlane } from "./router.ts";

export type MoveStrategy = "dual-write" | "freeze";

export interface MoveStep {
  name: "copy" | "dual-write" | "freeze-writes" | "flip-mapping" | "clean-up";
  description: string;
  /** The cell the router sends this customer's requests to after the step. */
  routedTo: number;
  /** Cells that receive the customer's writes during the step (empty while frozen). */
  writesTo: number[];
  /** Cells holding an up-to-date copy of the customer's data after the step. */
  upToDateIn: number[];
  /** Cells holding any copy (stale or current). */
  dataIn: number[];
}

export type MoveResult =
  | { ok: true; steps: MoveStep[] }
  | { ok: false; reason: "control-plane-down" | "unknown-customer" | "same-cell" };

export function moveCustomer(
  controlPlane: ControlPlane,
  router: CellRouter,
  customerId: string,
  to: number,
  strategy: MoveStrategy,
): MoveResult {
  const current = router.route(customerId);
  if (!current.ok) return { ok: false, reason: "unknown-customer" };
  const from = current.cell;
  if (from === to) return { ok: false, reason: "same-cell" };
  // Re-pointing a customer is a control-plane action: it cannot happen while that is down.
  if (!controlPlane.up) return { ok: false, reason: "control-plane-down" };

  const steps: MoveStep[] = [];
  steps.push({
    name: "copy",
    description: `Copy the customer's data from cell ${from} to cell ${to} while cell ${from} keeps serving it; the copy lags behind new writes.`,
    routedTo: from,
    writesTo: [from],
    upToDateIn: [from],
    dataIn: [from, to],
  });
  if (strategy === "dual-write") {
    steps.push({
      name: "dual-write",
      description: `Send every write to both cells and backfill what the copy missed, until cell ${to} is up to date.`,
      routedTo: from,
      writesTo: [from, to],
      upToDateIn: [from, to],
      dataIn: [from, to],
    });
  } else {
    steps.push({
      name: "freeze-writes",
      description: `Pause the customer's writes for a moment and copy the last changes, so both cells hold the same data.`,
      routedTo: from,
      writesTo: [],
      upToDateIn: [from, to],
      dataIn: [from, to],
    });
  }
  const flipped = controlPlane.assign(customerId, to);
  if (!flipped.ok)
    return { ok: false, reason: flipped.reason === "control-plane-down" ? "control-plane-down" : "unknown-customer" };
  router.refresh(controlPlane);
  const afterFlip = router.route(customerId);
  steps.push({
    name: "flip-mapping",
    description: `Point the mapping at cell ${to}; routers pick up the new version and send the customer there${strategy === "freeze" ? ", and writes resume" : ""}.`,
    routedTo: afterFlip.ok ? afterFlip.cell : from,
    writesTo: strategy === "dual-write" ? [to, from] : [to],
    upToDateIn: strategy === "dual-write" ? [from, to] : [to],
    dataIn: [from, to],
  });
  steps.push({
    name: "clean-up",
    description: `Stop writing to cell ${from} and delete the old copy once nothing reads it.`,
    routedTo: to,
    writesTo: [to],
    upToDateIn: [to],
    dataIn: [to],
  });
  return { ok: true, steps };
}
