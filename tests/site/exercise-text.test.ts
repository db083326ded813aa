/**
 * What the built pages hold for each exercise: every worked solution a reader can reveal, every
 * title and prompt, shows its numbers, never a raw {placeholder}; the answer field allows what
 * the grader accepts.
 */
import { expect, test } from "vitest";
import { listExerciseIds, loadExercise, projectRoot } from "../../src/grader/load-exercises.ts";
import { maxAnswerLength } from "../../src/grader/parse-answer.ts";
import { loadBuiltSite } from "../../tools/built-site.ts";

const exercisePages = loadBuiltSite().filter((page) => page.html.includes("data-exercise="));

/**
 * The text a reader can see (or reveal) in each exercise: from its opening tag to the end of its
 * <section>, without scripts (the island's JSON) and TeX annotations (never shown).
 */
function exerciseTexts(html: string): string[] {
  return html
    .split("data-exercise=")
    .slice(1)
    .map((rest) => {
      const end = rest.indexOf("</section>");
      return (end === -1 ? rest : rest.slice(0, end))
        .replace(/<script[\s\S]*?<\/script>/g, "")
        .replace(/<annotation[\s\S]*?<\/annotation>/g, "")
        .replace(/<[^>]+>/g, "");
    });
}

test("every chapter an exercise belongs to has exercises on its page, and every exercise is on a page", () => {
  const root = projectRoot();
  const ids = listExerciseIds(root);
  const chapters = new Set(ids.map((id) => `/${loadExercise(id, root).meta.chapter}/`));
  for (const chapter of chapters) expect(exercisePages.map((p) => p.path)).toContain(chapter);
  const shown = new Set(
    exercisePages.flatMap((p) => [...p.html.matchAll(/data-exercise="([^"]+)"/g)].map((m) => m[1])),
  );
  expect(ids.filter((id) => !shown.has(id))).toEqual([]);
});

test.each(exercisePages.map((p) => [p.path, p] as const))(
  "%s: no exercise shows a raw {placeholder}, in its text or its worked solution",
  (_path, page) => {
    for (const text of exerciseTexts(page.html))
      expect(text, `an exercise on ${page.path}`).not.toMatch(/\{[a-zA-Z][a-zA-Z0-9]*\}/);
    expect(page.html).toContain("data-solution-source");
  },
);

test.each(exercisePages.map((p) => [p.path, p] as const))(
  "%s: every answer field allows exactly what the grader reads",
  (_path, page) => {
    const lengths = [...page.html.matchAll(/name="answer"[^>]*maxlength="(\d+)"/g)].map((m) => Number(m[1]));
    for (const length of lengths) expect(length).toBe(maxAnswerLength);
  },
);
