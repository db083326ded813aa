import { describe, expect, test } from "vitest";
import { parseArgs, seedOption, UsageError } from "../../cli/args.ts";
import { scenarios } from "../../sim/gameday/scenarios.ts";
import { fieldSeed, seedErrorText, seedHelpText, seedPlaceholder } from "./seed-field.ts";

/** The seed `npm run gameday -- play` plays for `argv`'s --seed (gameday.ts: seedOption with the scenario's seed), or undefined where it refuses it. */
function terminalSeed(argv: string[], own: number): number | undefined {
  try {
    return seedOption(parseArgs(argv, "gameday", { options: ["seed"] }), own);
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}

describe("the game day's Seed field", () => {
  test("empty plays the scenario's own seed, as the terminal does without --seed", () => {
    for (const { id, seed } of scenarios) {
      expect(fieldSeed("", seed), id).toBe(seed);
      expect(fieldSeed("   ", seed), id).toBe(seed);
      expect(terminalSeed([], seed), id).toBe(seed);
    }
    // Not the last seed played, nor the first of the range: the scenario's.
    expect(fieldSeed("", 7)).toBe(7);
  });

  test("a seed given is read as the terminal reads --seed, and text that is not a seed is refused by both", () => {
    const given = ["0", "7", " 25 ", "4294967295", "4294967296", "-1", "1.5", "1e3", "+7", "1_000", "0x10", "abc"];
    for (const text of given) expect(fieldSeed(text, 1), text).toBe(terminalSeed([`--seed=${text}`], 1));
    expect(given.map((text) => fieldSeed(text, 1))).toEqual([
      0,
      7,
      25,
      4294967295,
      ...Array.from({ length: 8 }, () => undefined),
    ]);
  });

  test("a number field that reads as empty because what was typed is no number is refused, not played as empty", () => {
    // Chromium reports "1e" or "e" typed in a number field as the value "", with validity.badInput.
    expect(fieldSeed("", 1, true)).toBeUndefined();
  });

  test("the empty field and the refusal say which seed empty plays", () => {
    expect(seedPlaceholder(3)).toBe("3 if empty");
    expect(seedHelpText(3)).toBe("Left empty, a game plays this scenario's own seed, 3.");
    expect(seedErrorText(3)).toBe(
      "The seed must be a whole number from 0 to 4,294,967,295, written in digits only, or left empty for this scenario's own seed, 3.",
    );
  });
});
