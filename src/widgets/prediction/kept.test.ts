import { describe, expect, it } from "vitest";
import { keepsNothing, type Store } from "../site-storage.ts";
import { keptPrediction, keptText, readKeptPrediction } from "./kept.ts";
import { predictionKey } from "./key.ts";

describe("a Predict block's kept answer", () => {
  it("is kept under a versioned key of its own", () => {
    expect(predictionKey("retry-storm-amplification")).toBe("blast-radius:prediction:v1:retry-storm-amplification");
  });

  it("reads back a figure, the rows' classes or a skip", () => {
    expect(readKeptPrediction('{"value":"5"}')).toEqual({ value: "5" });
    expect(readKeptPrediction('{"classes":{"bulkhead":"contains","jitter":3}}')).toEqual({
      classes: { bulkhead: "contains" },
    });
    expect(readKeptPrediction('{"skipped":true}')).toEqual({ skipped: true });
  });

  it("reads the answer alone from a value kept with its verdict, for the grader to grade it again", () => {
    const verdict = { against: '{"id":"a"}', status: "close", said: ["You predicted 5."] };
    expect(readKeptPrediction(JSON.stringify({ value: "5", verdict }))).toStrictEqual({ value: "5" });
    expect(readKeptPrediction(JSON.stringify({ classes: { bulkhead: "contains" }, verdict }))).toStrictEqual({
      classes: { bulkhead: "contains" },
    });
  });

  it("reads nothing from a value it cannot read, so the block is asked afresh", () => {
    for (const text of [
      null,
      "",
      "5",
      "[]",
      "null",
      '{"value":5}',
      '{"skipped":"yes"}',
      `{"value":"${"9".repeat(201)}"}`,
    ])
      expect(readKeptPrediction(text)).toBeNull();
  });

  it("is nothing where storage is refused or reading it throws", () => {
    expect(keptPrediction("a", null)).toBeNull();
    expect(keptPrediction("a", keepsNothing)).toBeNull();
    const throwing: Store = {
      ...keepsNothing,
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    };
    expect(keptPrediction("a", throwing)).toBeNull();
    expect(keptText("a", throwing)).toBeNull();
    const kept = new Map([[predictionKey("a"), '{"value":"3"}']]);
    const store = { ...keepsNothing, getItem: (k: string) => kept.get(k) ?? null };
    expect(keptPrediction("a", store)).toEqual({ value: "3" });
    expect(keptText("a", store)).toBe('{"value":"3"}');
  });
});
