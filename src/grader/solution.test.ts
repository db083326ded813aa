/** A solution whose answer names a choice or an option its part does not have is refused, naming the ones it has. */
import { expect, test } from "vitest";
import type { ChoiceGrading, MatchGrading } from "./exercise-schema.ts";
import { expectedAnswers } from "./solution.ts";

const choice: ChoiceGrading = {
  kind: "choice",
  id: "pick",
  multiple: false,
  feedback: {},
  choices: [{ id: "cells" }, { id: "shards" }, { id: "zones" }],
};
const match: MatchGrading = {
  kind: "match",
  id: "pair",
  feedback: {},
  items: [{ id: "retry" }],
  options: [{ id: "storm" }, { id: "herd" }],
};

test("an unknown choice or option is refused with the part's own, as a sentence lists them", () => {
  expect(() => expectedAnswers([choice], { answers: { pick: "regions" } })).toThrow(
    'answers.pick must name choices of that part (cells, shards and zones), got "regions"',
  );
  expect(() => expectedAnswers([match], { answers: { pair: { retry: "fire" } } })).toThrow(
    'answers.pair.retry must be one of storm or herd, got "fire"',
  );
  expect(expectedAnswers([choice, match], { answers: { pick: "shards", pair: { retry: "storm" } } })).toEqual({
    pick: "shards",
    pair: { retry: "storm" },
  });
});
