/**
 * What the first chapter says beside its figures, which live in src/course/opening.ts (the workshop's
 * opening presenter view shows them too) and are checked there: here, the sentences that restate a
 * figure outside an expression, the playground's fleet and the hull diagram's compartments.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { fleet } from "../../../src/course/opening.ts";
import { inWords } from "../../../src/format/words.ts";

const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), "utf8");

test("the playground deals a year to the same fleet the chapter's figures describe", () => {
  // "The program below deals one seeded year to the same fleet"
  const program = read("fleet.play.ts");
  const setting = (name: string) =>
    Number(program.match(new RegExp(`const ${name} = ([\\d_.]+);`))?.[1]?.replace(/_/g, ""));
  expect({
    machines: setting("machines"),
    disksPerMachine: setting("disksPerMachine"),
    annualFailureRate: setting("annualFailureRate"),
  }).toEqual(fleet);
});

test("the hull diagram draws as many compartments as its caption and description say", () => {
  const chapter = read("index.mdx");
  const figure = chapter.match(/<figure class="course-figure">([\s\S]*?)<\/figure>/)?.[1] ?? "";
  // The walls are the vertical lines inside the lower hull: one fewer than the compartments.
  const walls = [...figure.matchAll(/<line x1="(\d+)" y1="130" x2="\1" y2="200" \/>/g)].length;
  const compartments = inWords(walls + 1);
  expect(walls).toBeGreaterThan(0);
  expect(figure).toContain(
    `${compartments[0]!.toUpperCase()}${compartments.slice(1)} compartments: the same hole floods one of ${compartments}`,
  );
  expect(figure).toContain(`split into ${compartments} compartments by bulkheads`);
});
