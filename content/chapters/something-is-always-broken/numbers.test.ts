/**
 * What the first chapter says beside its figures, which live in src/course/opening.ts (the workshop's
 * opening presenter view shows them too) and are checked there: here, the sentences that restate a
 * figure outside an expression, the playground's fleet and the hull diagram's compartments.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { disks, fleet } from "../../../src/course/opening.ts";
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
  // Its comment states the rate as a share: "2% of disks die in a year".
  expect(program).toContain(
    `const annualFailureRate = ${setting("annualFailureRate")}; // an assumed round figure: ${Math.round(setting("annualFailureRate") * 100)}% of disks die in a year`,
  );
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

test("the disk exercise, in every variant: its quiet-day feedback answers the busy days' share, and hint 2's even spread is graded right", async () => {
  const { loadExercise } = await import("../../../src/grader/load-exercises.ts");
  const { gradeNumeric } = await import("../../../src/grader/grade.ts");
  const { answers, variant } = await import("../../../solutions/daily-disk-failures/solution.ts");
  const { meta } = loadExercise("daily-disk-failures");
  if (meta.kind !== "numeric") throw new Error("daily-disk-failures is numeric");
  const part = (id: string) => meta.parts.find((p) => p.id === id)!;
  // "A year has 365 days. Spreading {afr}% a year evenly over them is close enough"
  expect(meta.hints[1]).toContain("Spreading {afr}% a year evenly over them is close enough");
  const quietMessage = part("quiet-day").feedback[0]!.message;
  expect(quietMessage).toContain("the share of days on which at least one disk dies");
  const { dealtParams } = await import("../../../tests/support/dealt-params.ts");
  const dealt = dealtParams(meta, variant, 40);
  for (const params of dealt) {
    const p = params as unknown as Parameters<typeof answers>[0];
    const expected = answers(p);
    const busy = 1 - expected["quiet-day"]!;
    const verdict = gradeNumeric(part("quiet-day"), String(busy), expected["quiet-day"]!, params);
    expect(verdict.message, JSON.stringify(params)).toBe(quietMessage);
    const even = (p.machines * p.disks * p.afr) / 100 / 365;
    expect(gradeNumeric(part("per-day"), String(even), expected["per-day"]!, params).status).toBe("right");
  }
});

test("the playground's year: most days lose a disk or two, as its comment says", () => {
  expect(read("fleet.play.ts")).toContain("// How the days spread out: most days lose a disk or two.");
  const golden = read("fleet.golden.txt");
  const days = (died: string) => Number(golden.match(new RegExp(`^ *${died} died: +(\\d+) days`, "m"))?.[1]);
  const year = Number(golden.match(/of (\d+) days had no disk death/)?.[1]);
  expect(year).toBe(365);
  expect(days("1") + days("2")).toBeGreaterThan(year / 2);
});

// Audit: the default seed dealt 443 deaths and 100 quiet days, more than two standard deviations
// from the 400 and 121 the chapter gives just above, with nothing to say how unusual that year was.
test("the playground's default year lies close to the averages, as its comment says: within one standard deviation of each", () => {
  expect(read("fleet.play.ts")).toContain("// This seed's year lies close to the averages;");
  const golden = read("fleet.golden.txt");
  const died = Number(golden.match(/^[\d,]+ disks, ([\d,]+) died this year/m)?.[1]?.replace(/,/g, ""));
  const quiet = Number(golden.match(/(\d+) of 365 days had no disk death/)?.[1]);
  const { disks: n, expectedPerYear, quietDayProbability } = disks.raw;
  const afr = fleet.annualFailureRate;
  // Deaths: each disk dies within the year or does not, so their count is binomial.
  const sdDied = Math.sqrt(n * afr * (1 - afr));
  expect(Math.abs(died - expectedPerYear)).toBeLessThanOrEqual(sdDied);
  // Quiet days as the program deals them (a dying disk's day uniform over the year, q = afr / 365):
  // a day is quiet with probability (1 - q)^n and two given days both are with (1 - 2q)^n, which
  // give the count's variance.
  const q = afr / 365;
  const quietOne = (1 - q) ** n;
  const quietTwo = (1 - 2 * q) ** n;
  const sdQuiet = Math.sqrt(365 * quietOne * (1 - quietOne) + 365 * 364 * (quietTwo - quietOne ** 2));
  // Against the chapter's quiet days a year (each day's risk spread evenly) and the program's own.
  for (const mean of [quietDayProbability * 365, 365 * quietOne])
    expect(Math.abs(quiet - mean), String(mean)).toBeLessThanOrEqual(sdQuiet);
});
