import { expect, test } from "vitest";
import { answerProblem } from "./policy-answer.ts";

test("an array of actions passes; anything else is named as what it is", () => {
  expect(answerProblem([])).toBeUndefined();
  expect(answerProblem([{ action: "retries-off" }, { action: "eject-host", target: "h01" }])).toBeUndefined();
  const cases: [unknown, string][] = [
    [undefined, "undefined (nothing: is a return missing, or a line break right after one?)"],
    [null, "null"],
    [{}, "an empty object"],
    [{ action: "retries-off" }, "one action, an object with action, not an array of them"],
    ["retries-off", 'the string "retries-off"'],
    ["x".repeat(50), `the string "${"x".repeat(40)}…"`],
    [3, "the number 3"],
    [() => [], "a function"],
    [["retries-off"], 'an array whose item 0 is the string "retries-off"'],
    [
      [{ action: "retries-off" }, { target: "h01" }],
      'an array whose item 1 is an object with target and no action name (its "action" is undefined)',
    ],
    [[[]], "an array whose item 0 is an array of 0"],
  ];
  for (const [answer, problem] of cases) expect(answerProblem(answer)).toBe(problem);
});
