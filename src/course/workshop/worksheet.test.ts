import { expect, test } from "vitest";
import { agendas } from "./agenda.ts";
import { section, sectionHeading, worksheetSections } from "./worksheet.ts";

test("the worksheet's sections are numbered in order, and 'section N' names the one printed as N", () => {
  expect(worksheetSections.map((s) => s.id)).toEqual([
    "ws-system",
    "ws-resources",
    "ws-watch",
    "ws-retries",
    "ws-sentence",
    "ws-decisions",
    "ws-map",
  ]);
  expect(section("ws-sentence")).toBe("section 5");
  expect(sectionHeading("ws-retries")).toBe("4. Retry inventory");
});

test("every section an agenda names is the section whose heading says what the agenda asks for", () => {
  const said = JSON.stringify(agendas);
  const named = [...said.matchAll(/section (\d+) of (?:the|a) worksheet/g)].map((m) => Number(m[1]));
  expect(named.length).toBeGreaterThan(0);
  for (const n of named) expect(n).toBeLessThanOrEqual(worksheetSections.length);
  // What each reference asks for, against the heading printed with that number.
  const heading = (n: number) => worksheetSections[n - 1]!.title;
  const asks = (words: string) =>
    Number(new RegExp(`${words}[^"]*?section (\\d+)|section (\\d+)[^"]*?${words}`).exec(said)?.slice(1).find(Boolean));
  expect(heading(asks("riskiest resource as one sentence"))).toBe("Our riskiest resource, as one sentence");
  expect(heading(asks("an owner and a date"))).toBe("Decisions");
  expect(heading(asks("one retry loop"))).toBe("Retry inventory");
});
