import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { exerciseMap } from "../../../solutions/map-blast-radius/map.ts";
import { answers } from "../../../solutions/map-blast-radius/solution.ts";

test("the exercise README shows exactly the map the solution analyses", () => {
  const readme = readFileSync(new URL("../../../exercises/map-blast-radius/README.md", import.meta.url), "utf8");
  expect(readme).toContain("```\n" + exerciseMap + "```");
});

test("the solution agrees with a count by hand (explanation.md)", () => {
  expect(answers()).toEqual({ "db-services": 5 / 6, "db-traffic": 1, "sessions-traffic": 0.6 });
});
