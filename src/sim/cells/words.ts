/**
 * The cells model's events and states in words, one rule for the cells widgets on the page and
 * for `npm run sim -- cells` in the terminal: each step of a rollout, each step of a customer's
 * move, each phase of a control-plane outage and each way the router finds a cell. The model and
 * the terminal's --json keep the names ("health-check-failed"); a reader gets these.
 */
import type { RolloutStep } from "./deploy.ts";
import type { MoveStep } from "./migration.ts";
import type { PhaseOutcome, RouterMode } from "./static-stability.ts";

/** A run of numbered things, first to last, with the en dash ranges take in the course: "1–9". */
export const numberRange = (first: number, last: number) => `${first}\u2013${last}`;

/** The cells a rollout step acts on: "cell 0 (canary)", "cell 4", "cells 1–4". */
export function rolloutCells(cells: readonly number[]): string {
  if (cells.length === 1) return `cell ${cells[0]}${cells[0] === 0 ? " (canary)" : ""}`;
  return `cells ${numberRange(cells[0]!, cells.at(-1)!)}`;
}

/** What each kind of rollout step says, given the cells it acts on (rolloutCells) and its wave. */
const rolloutWords: Record<RolloutStep["action"], (cells: string, wave: number) => string> = {
  deploy: (cells, wave) => `Wave ${wave}: deploy to ${cells}`,
  "health-check-failed": (cells) => `Health check fails in ${cells} during its bake time`,
  "halt-and-roll-back": (cells) => `Rollout halted; ${cells} rolled back`,
  complete: () => "Rollout complete",
};

/** A rollout step in words: "Wave 0: deploy to cell 0 (canary)", "Rollout halted; cell 0 (canary) rolled back". */
export function rolloutStepText(step: Pick<RolloutStep, "action" | "cells" | "wave">): string {
  return rolloutWords[step.action](step.cells.length > 0 ? rolloutCells(step.cells) : "", step.wave);
}

/** Each step of moving a customer to another cell, in words. */
export const moveStepWords: Record<MoveStep["name"], string> = {
  copy: "copy",
  "dual-write": "dual write",
  "freeze-writes": "freeze writes",
  "flip-mapping": "flip mapping",
  "clean-up": "clean up",
};

/** Each phase of a control-plane outage, in words. */
export const phaseWords: Record<PhaseOutcome["phase"], string> = {
  before: "Before",
  "control-plane-down": "Control plane down",
  recovered: "Control plane back",
};

/** How the router finds a customer's cell, in words, as the static-stability widget offers the choice. */
export const routerModeWords: Record<RouterMode, string> = {
  "cached-mapping": "Routes from its cached mapping",
  "asks-control-plane": "Asks the control plane per request",
};
