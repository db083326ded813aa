import { describe, expect, test } from "vitest";
import { clearBoardQuestion } from "./board.ts";

describe("what Clear the board asks", () => {
  test("counts the runs and the refused codes it would remove, singular for one", () => {
    const after = "from this board? Participants keep their result codes, so a run removed can be pasted again.";
    expect(clearBoardQuestion(3, 0)).toBe(`Remove 3 runs ${after}`);
    expect(clearBoardQuestion(1, 1)).toBe(`Remove 1 run and 1 refused code ${after}`);
    expect(clearBoardQuestion(0, 2)).toBe(`Remove 2 refused codes ${after}`);
  });
});
