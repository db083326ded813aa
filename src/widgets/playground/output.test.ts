import { describe, expect, it } from "vitest";
import { typeCheckPendingText } from "../../playground/protocol.ts";
import { typeErrorsSaid, typeErrorsSaidInFull } from "./output.ts";
import { typeCheckPendingLine } from "./type-check-clock.ts";

describe("what a screen reader hears of a run's type errors", () => {
  const described = (n: number) =>
    Array.from({ length: n }, (_, i) => `Type 'string' is not assignable (line ${i + 1})`);

  it("reads one, or a few, in full", () => {
    expect(typeErrorsSaid(described(1))).toBe(
      "1 type error: Type 'string' is not assignable (line 1). The program ran anyway.",
    );
    const few = typeErrorsSaid(described(typeErrorsSaidInFull));
    expect(few).toContain(`(line ${typeErrorsSaidInFull}). The program`);
    expect(few).not.toContain("more");
  });

  it("reads the first few of many and counts the rest, instead of all 200", () => {
    const said = typeErrorsSaid(described(200));
    expect(said).toMatch(/^200 type errors: Type 'string' is not assignable \(line 1\); /);
    expect(said).toContain(
      `(line ${typeErrorsSaidInFull}); ${200 - typeErrorsSaidInFull} more listed after the output.`,
    );
    expect(said).not.toContain(`(line ${typeErrorsSaidInFull + 1})`);
    expect(said.length).toBeLessThan(300);
  });
});

describe("the line shown while a type check is still out", () => {
  it("says how long the check has taken, so a slow one is seen to be under way", () => {
    expect(typeCheckPendingLine(5_260)).toBe(`${typeCheckPendingText} 5.3 s`);
    expect(typeCheckPendingLine(7_340)).not.toBe(typeCheckPendingLine(5_260));
  });
});
