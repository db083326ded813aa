import { describe, expect, test } from "vitest";
import { parseFailureMap } from "../../sim/failure-map/parse.ts";
import { mapLimits } from "./limits.ts";
import { sharedReading, skippedDecisions } from "./skipped.ts";

const map = "title Ours\nservice a\npool db\na uses db";

describe("what the readers of a shared map say of its skipped decide lines", () => {
  test("each skipped line in the parser's own words, as the builder lists them", () => {
    const strict = parseFailureMap(`${map}\ndecide nowhere split\ndecide db shrink`);
    if (strict.ok) throw new Error("the map should have errors");
    expect(skippedDecisions(strict.errors.slice(0, 1))).toBe(
      'decide line skipped, line 5: no resource named "nowhere" to decide about',
    );
    expect(skippedDecisions(strict.errors)).toBe(
      '2 decide lines skipped, line 5: no resource named "nowhere" to decide about; line 6: "shrink" is not a decision: write split, protect or accept',
    );
    expect(skippedDecisions([])).toBe("");
  });

  test("the builder's share warning says what the room board and the presenter view will do", () => {
    expect(sharedReading(`${map}\ndecide nowhere split`)).toBe(
      "all of them in decide lines, so the room board and the presenter view will show the rest of the map without line 5, saying why, until it is fixed.",
    );
    expect(sharedReading(`${map}\ndecide nowhere split\n\ndecide db shrink; owner Sam`)).toBe(
      "all of them in decide lines, so the room board and the presenter view will show the rest of the map without lines 5 and 7, saying why, until they are fixed.",
    );
    // Any other error, or a text over the size limit: they cannot read it.
    const cannot = "the room board and the presenter view cannot read it until they are fixed.";
    expect(sharedReading(`${map}\na uses nothing\ndecide nowhere split`)).toBe(cannot);
    expect(sharedReading(`${map}\ndecide nowhere split\n${"#".repeat(mapLimits.characters)}`)).toBe(cannot);
  });
});
