import { expect, test } from "vitest";
import type { AlertEvent } from "../../sim/gameday/slo.ts";
import { type AlertsSaid, alertChanges } from "./alert-changes.ts";

const fast: AlertEvent = { rule: "fast burn", severity: "page", firedAt: 120, resolvedAt: null };

test("an alert is said firing, then resolved, each once", () => {
  const said: AlertsSaid = new Map();
  expect(alertChanges([fast], said)).toEqual([fast]);
  expect(alertChanges([fast], said)).toEqual([]);
  expect(alertChanges([{ ...fast, resolvedAt: 300 }], said)).toEqual([{ ...fast, resolvedAt: 300 }]);
  expect(alertChanges([{ ...fast, resolvedAt: 300 }], said)).toEqual([]);
});

test("an alert that fired and resolved between two updates is said firing first, then resolved", () => {
  // End plays out the rest of a game in one step: the feed showed only the resolved line.
  const said: AlertsSaid = new Map();
  expect(alertChanges([{ ...fast, resolvedAt: 300 }], said)).toEqual([fast, { ...fast, resolvedAt: 300 }]);
  expect(alertChanges([{ ...fast, resolvedAt: 300 }], said)).toEqual([]);
});
