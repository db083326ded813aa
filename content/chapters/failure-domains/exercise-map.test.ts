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

test("the hidden-shared-fate exercise: README shows the map, and the analysis flags app-workers and reports-db", async () => {
  const { sharingMap } = await import("../../../solutions/unrelated-sharing/map.ts");
  const { answers: sharing } = await import("../../../solutions/unrelated-sharing/solution.ts");
  const readme = readFileSync(new URL("../../../exercises/unrelated-sharing/README.md", import.meta.url), "utf8");
  expect(readme).toContain("```\n" + sharingMap + "```");
  expect(sharing.flagged).toEqual(["app-workers", "reports-db"]); // worked by hand in explanation.md
});
