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

test("the reachability exercise: the prompt shows the very shop map the checks and the worked solution use", () => {
  const shopIn = (file: string) => {
    const text = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
    const start = text.indexOf("const shop: FailureMap = {");
    expect(start, `${file} has the shop map`).toBeGreaterThanOrEqual(0);
    return text.slice(start, text.indexOf("\n};", start)).replace(/\s+/g, " ");
  };
  expect(shopIn("exercises/blast-radius-reachability/README.md")).toBe(
    shopIn("exercises/blast-radius-reachability/checks.ts"),
  );
  const explanation = readFileSync(
    new URL("../../../solutions/blast-radius-reachability/explanation.md", import.meta.url),
    "utf8",
  );
  expect(explanation).toContain("shop map from the prompt");
});
