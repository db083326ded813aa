/**
 * The cells model's events in words (words.ts): every kind the model makes has words, none of
 * them its raw name, and the page's widgets and the terminal say the same (src/cli/sim/cells.test.ts
 * holds the terminal to them).
 */
import { describe, expect, test } from "vitest";
import { cellsView, defaultCellsState } from "../../widgets/cells/cells-model.ts";
import { renderCells } from "../../widgets/cells/cells-render.ts";
import { defaultStabilityState, stabilityView } from "../../widgets/cells/stability-model.ts";
import { renderStability } from "../../widgets/cells/stability-render.ts";
import { rollout, type RolloutStep } from "./deploy.ts";
import { moveCustomer, type MoveStrategy } from "./migration.ts";
import { placeAll, uniformCustomers } from "./router.ts";
import { controlPlaneOutage, type RouterMode } from "./static-stability.ts";
import { moveStepWords, phaseWords, rolloutCells, rolloutStepText, routerModeWords } from "./words.ts";

/** Every rollout the model runs for 10 cells: good and bad, caught and missed, in waves of 1 and 4. */
const rollouts = [true, false].flatMap((releaseBad) =>
  [true, false].flatMap((healthCheckCatches) =>
    [1, 4].map((waveSize) =>
      rollout({ cellPopulations: new Array(10).fill(100), releaseBad, healthCheckCatches, waveSize }),
    ),
  ),
);
const steps = rollouts.flatMap((r) => r.steps);

/** Every step of a move, by either strategy. */
const moves = (["dual-write", "freeze"] as MoveStrategy[]).flatMap((strategy) => {
  const { controlPlane, router } = placeAll(uniformCustomers(100), 4);
  const moved = moveCustomer(controlPlane, router, "c0", 3, strategy);
  if (!moved.ok) throw new Error(moved.reason);
  return moved.steps;
});

const phases = (["cached-mapping", "asks-control-plane"] as RouterMode[]).flatMap((routerMode) =>
  controlPlaneOutage({ existing: 100, arriving: 5, cells: 4, routerMode }),
);

/** A hyphenated name as the model writes one: "health-check-failed", "control-plane-down". */
const rawName = /\b[a-z]+(?:-[a-z]+)+\b/;

describe("the cells model's events in words", () => {
  test("every kind of rollout step the model makes has words, and none is its raw name", () => {
    const kinds = new Set(steps.map((s) => s.action));
    expect([...kinds].sort()).toEqual(["complete", "deploy", "halt-and-roll-back", "health-check-failed"]);
    for (const step of steps) {
      const text = rolloutStepText(step);
      expect(text, step.action).not.toMatch(rawName);
    }
    const caught = rollouts[0]!.steps;
    expect(caught.map(rolloutStepText)).toEqual([
      "Wave 0: deploy to cell 0 (canary)",
      "Health check fails in cell 0 (canary) during its bake time",
      "Rollout halted; cell 0 (canary) rolled back",
    ]);
    expect(rolloutCells([1, 2, 3, 4])).toBe("cells 1\u20134");
    expect(
      rolloutStepText({ action: "complete", cells: [], wave: 3 } satisfies Pick<
        RolloutStep,
        "action" | "cells" | "wave"
      >),
    ).toBe("Rollout complete");
  });

  test("every step of a move, every phase of an outage and every router mode has words, none its raw name", () => {
    expect(new Set(moves.map((m) => m.name))).toEqual(new Set(Object.keys(moveStepWords)));
    for (const m of moves) expect(moveStepWords[m.name], m.name).not.toMatch(rawName);
    expect(new Set(phases.map((p) => p.phase))).toEqual(new Set(Object.keys(phaseWords)));
    for (const p of phases) expect(phaseWords[p.phase], p.phase).not.toMatch(rawName);
    for (const words of Object.values(routerModeWords)) expect(words).not.toMatch(rawName);
  });

  test("the widgets on the page say them in these words", () => {
    const cells = renderCells(cellsView({ ...defaultCellsState }));
    const view = cellsView({ ...defaultCellsState });
    for (const step of view.rollout.steps) expect(cells).toContain(rolloutStepText(step));
    for (const step of view.move!.steps) expect(cells).toContain(moveStepWords[step.name]);
    const stability = renderStability(stabilityView({ ...defaultStabilityState }));
    for (const words of Object.values(phaseWords)) expect(stability).toContain(`>${words}<`);
  });
});
