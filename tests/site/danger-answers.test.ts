/**
 * An inline question's answer that destroys something (its words start with a verb such as
 * "Delete", "Discard", "Reset") is the course's red button, `br-button--danger`, on every page
 * that asks one, and no other control on the site is: the answers are read off the built pages,
 * so a question a component adds later is checked by the same rule. The one rule is course.css's
 * (InlineQuestion.astro's `danger` sets it): no page keeps a look of its own for an answer.
 */
import { readFileSync } from "node:fs";
import { parse } from "parse5";
import { expect, test } from "vitest";
import { leaveQuestion } from "../../src/widgets/mock-interview/save-state.ts";
import { attr, findAll, hasClass, loadBuiltSite, parseBuiltPage, textOf } from "../../tools/built-site.ts";
import { linesMatching, sourceFiles } from "../support/source-files.ts";

const danger = "br-button--danger";

/** The verbs an answer starts with when pressing it loses what the learner had. */
const destroyingVerbs = new Set([
  "clear",
  "delete",
  "discard",
  "erase",
  "forget",
  "overwrite",
  "remove",
  "replace",
  "reset",
]);

/** Whether an answer's words, as the reader sees them, destroy something. */
function destroys(words: string): boolean {
  const verb = words.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return destroyingVerbs.has(verb);
}

test("the rule reads an answer by its first word", () => {
  expect(["Delete it", "Discard the changes", "Reset progress", "Remove every run"].map(destroys)).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect(["Keep it", "Save it, then another question", "Stay on this debrief", "Show it"].map(destroys)).toEqual([
    false,
    false,
    false,
    false,
  ]);
});

test("every answer that destroys something is the red button, and nothing else is", () => {
  const answers: { where: string; words: string; marked: boolean }[] = [];
  const strays: string[] = [];
  for (const page of loadBuiltSite()) {
    // A cheap look at the text first: most pages ask no question.
    if (!page.html.includes("data-answer") && !page.html.includes(danger)) continue;
    const doc = parse(page.html);
    for (const el of findAll(doc, (e) => e.tagName === "button" && attr(e, "data-answer") !== undefined))
      answers.push({
        where: `${page.path} ${attr(el, "data-answer")}`,
        words: textOf(el),
        marked: hasClass(el, danger),
      });
    for (const el of findAll(
      doc,
      (e) => hasClass(e, danger) && (e.tagName !== "button" || attr(e, "data-answer") === undefined),
    ))
      strays.push(`${page.path} <${el.tagName}> ${textOf(el).trim()}`);
  }
  const verdict = ({ words, marked }: (typeof answers)[number]): string | undefined => {
    if (marked !== destroys(words)) return marked ? "is red and destroys nothing" : "destroys and is not red";
    return undefined;
  };
  const wrong = answers.flatMap((answer) => {
    const wrongness = verdict(answer);
    return wrongness ? [`${answer.where} "${answer.words}" ${wrongness}`] : [];
  });
  expect({ wrong, strays }).toEqual({ wrong: [], strays: [] });
  // Each page the list names still asks that answer, in words that destroy.
  // The rule has something to read: the progress page, the map builder, the mock interview and both boards ask.
  const marked = answers.filter((a) => a.marked).map((a) => a.where.split(" ")[0]);
  expect(new Set(marked)).toEqual(
    new Set(["/progress/", "/failure-domains/", "/interview-playbook/", "/gameday/board/", "/room-board/"]),
  );
});

test("the mock interview's reworded answers keep the look their built words have", () => {
  // The only question whose answers change words when asked (mount.ts, leaving.ask): the built
  // box's answers, red or not, against the words each risk gives them.
  const [box, ...others] = findAll(
    parseBuiltPage("/interview-playbook/"),
    (el) => attr(el, "data-field") === "leave-box",
  );
  expect(others).toEqual([]);
  const built = new Map(
    findAll(box!, (el) => el.tagName === "button").map((el) => [attr(el, "data-answer"), hasClass(el, danger)]),
  );
  for (const risk of ["debrief", "changes"] as const) {
    const { question: _, ...words } = leaveQuestion(risk, "Design a rate limiter", null);
    expect(new Map(Object.entries(words).map(([answer, text]) => [answer, destroys(text)]))).toEqual(built);
  }
  expect([...built.values()]).toContain(true);
});

test("the red button is course.css's alone: no page or component styles an answer itself", () => {
  const files = sourceFiles("src", /\.(astro|css)$/);
  // A rule for the class, or for an answer by its name, in a stylesheet or a component's <style>.
  const styleRules = (file: string) =>
    file.endsWith(".css")
      ? readFileSync(file, "utf8")
      : [...readFileSync(file, "utf8").matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("\n");
  const rules = files.flatMap((file) =>
    [...styleRules(file).matchAll(/^[^{}\n]*(?:\.br-button--danger|\[data-answer)[^{}\n]*\{/gm)].map(
      (m) => `${file}: ${m[0].trim()}`,
    ),
  );
  expect(rules.filter((rule) => !rule.startsWith("src/styles/course.css: "))).toEqual([]);
  expect(rules.filter((rule) => rule.startsWith("src/styles/course.css: .br-button--danger {"))).toHaveLength(1);
  // And the one component that writes the class is the inline question.
  const writers = linesMatching(sourceFiles("src"), /br-button--danger/).map((line) => line.split(":")[0]);
  expect(new Set(writers)).toEqual(new Set(["src/components/InlineQuestion.astro"]));
});
