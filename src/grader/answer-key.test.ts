import { describe, expect, test } from "vitest";
import { workshopExerciseBlocks } from "../course/workshop-exercises.ts";
import { mulberry32 } from "../sim/random.ts";
import { paramWords } from "../format/param-words.ts";
import { unitAfter } from "../format/words.ts";
import { exerciseKey } from "./answer-key.ts";
import { paramText } from "./fill-params.ts";
import { defaultParams } from "./exercise-meta.ts";
import { gradeChoice, gradeMatch, gradeNumeric } from "./grade.ts";
import { loadAllExercises, loadExercise } from "./load-exercises.ts";
import type { ChoiceAnswer } from "./exercise-schema.ts";
import { expectedAnswers, type SolutionModule } from "./solution.ts";

const ids = [...new Set(Object.values(workshopExerciseBlocks).flatMap((b) => [...b.short, ...b.halfDay]))];
const solution = async (id: string) => (await import(`../../solutions/${id}/solution.ts`)) as SolutionModule;

describe("the workshop's answer key", () => {
  test("covers the exercises of both agendas and the kit's own check", () => {
    expect(ids).toContain("shuffle-shard-16-workers");
    expect(ids).toContain("workshop-read-the-map");
    expect(ids.length).toBeGreaterThanOrEqual(10);
  });

  test.each(ids)(
    "%s: each printed answer is one the grader accepts, for the chapter's numbers and every seed",
    async (id) => {
      const { meta } = loadExercise(id);
      if (meta.kind === "code") throw new Error(`${id} is a code exercise`);
      const module = await solution(id);
      const key = exerciseKey(id, meta, module, 8);
      expect(key.parts.map((p) => p.id)).toEqual(meta.parts.map((p) => p.id));
      const check = (params: Record<string, number>, answers: string[]) => {
        const expected = expectedAnswers(meta.parts, module, params);
        meta.parts.forEach((part, i) => {
          const shown = answers[i]!;
          expect(shown, `${id} ${part.id}`).not.toBe("");
          if (part.kind === "numeric") {
            // Each figure as printed is graded right by the page's grader: a share's exact odds and its
            // percentage ("1 in 1,820 = 0.055%"), or the percentage before its rounded odds ("(about 1 in ...)").
            const figures = shown
              .replace(/ \(about .*\)$/, "")
              // The unit as printed: in the singular after 1 ("1 call per second", unitAfter).
              .replace(part.unit ? ` ${part.unit}` : "", "")
              .replace(part.unit ? ` ${unitAfter(1, part.unit)}` : "", "")
              .split(" = ");
            for (const figure of figures)
              expect(
                gradeNumeric(part, figure, expected[part.id] as number, params).status,
                `${id} ${part.id}: ${figure}`,
              ).toBe("right");
          } else if (part.kind === "choice") {
            const right = [expected[part.id]].flat() as string[];
            for (const c of part.choices)
              expect(shown.includes(c.text), `${id} ${part.id} ${c.id}`).toBe(right.includes(c.id));
            expect(gradeChoice(part, right, expected[part.id] as ChoiceAnswer).status).toBe("right");
          } else {
            const right = expected[part.id] as Record<string, string>;
            for (const item of part.items)
              expect(shown).toContain(`${item.text} → ${part.options.find((o) => o.id === right[item.id])!.text}`);
            expect(gradeMatch(part, right, right).status).toBe("right");
          }
        });
      };
      check(
        defaultParams(meta),
        key.parts.map((p) => p.answer),
      );
      for (const v of key.variants) {
        const dealt = module.variant!(mulberry32(v.seed));
        for (const [name, value] of Object.entries(dealt))
          expect(v.numbers).toContain(paramWords(name, paramText(value)));
        check(dealt, v.answers);
      }
      expect(key.variants.length).toBe(typeof module.variant === "function" && meta.params ? 8 : 0);
    },
  );

  test("every exercise's variants name the numbers they deal in words, never by a camelCase name", async () => {
    // It once printed "rate 70, meanMillis 30, slowMillis 2,500".
    let named = 0;
    for (const { id, meta } of loadAllExercises()) {
      if (meta.kind === "code") continue;
      const module = await solution(id);
      for (const v of exerciseKey(id, meta, module, 3).variants) {
        const dealt = module.variant!(mulberry32(v.seed));
        expect(v.numbers, id).toBe(
          Object.entries(dealt)
            .map(([name, value]) => paramWords(name, paramText(value)))
            .join(", "),
        );
        expect(v.numbers, id).not.toMatch(/[a-z][A-Z]/);
        named++;
      }
    }
    expect(named).toBeGreaterThan(30);
  });
});
