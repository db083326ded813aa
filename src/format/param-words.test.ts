import { describe, expect, test } from "vitest";
import type { ExerciseMeta } from "../grader/exercise-schema.ts";
import { paramText } from "../grader/fill-params.ts";
import { loadAllExercises } from "../grader/load-exercises.ts";
import { paramWords } from "./param-words.ts";

describe("an exercise's parameter in words", () => {
  test("splits a camelCase name into words and writes its unit after the value", () => {
    expect(paramWords("meanMillis", "30")).toBe("mean 30 ms");
    expect(paramWords("slowMillis", "2,500")).toBe("slow 2,500 ms");
    expect(paramWords("thresholdPercent", "10")).toBe("threshold 10%");
    expect(paramWords("afrPct", "3")).toBe("AFR 3%");
    expect(paramWords("timeoutS", "3")).toBe("timeout 3 s");
    expect(paramWords("bakeMinutes", "20")).toBe("bake 20 min");
    expect(paramWords("sleepStepMs", "250")).toBe("sleep step 250 ms");
    expect(paramWords("minCalls", "130")).toBe("minimum calls 130");
    expect(paramWords("fromRowBelow", "5,336")).toBe("from row below 5,336");
  });

  test("keeps a one-word name, a unit alone among them, as the noun it is", () => {
    expect(paramWords("workers", "24")).toBe("workers 24");
    expect(paramWords("minutes", "35")).toBe("minutes 35");
    expect(paramWords("ttl", "300")).toBe("TTL 300");
  });

  test('writes a seed as it is typed, its digits ungrouped (a diagnosis\'s model seed read "seed 98,105")', () => {
    expect(paramWords("seed", "98,105")).toBe("seed 98105");
    expect(paramWords("seed", "7")).toBe("seed 7");
  });

  // Every name an exercise gives its numbers, the chapter's (a variant deals the same names).
  const paramsOf = (meta: ExerciseMeta): Record<string, number> => (meta.kind === "code" ? {} : (meta.params ?? {}));
  const named = loadAllExercises().flatMap((e) =>
    Object.entries(paramsOf(e.meta)).map(([n, v]) => [e.id, n, v] as const),
  );

  test("names every exercise's every parameter in words: no camelCase name reaches the page", () => {
    expect(named.length).toBeGreaterThan(100);
    for (const [id, name, value] of named) {
      const words = paramWords(name, paramText(value));
      expect(words, `${id} ${name}`).not.toMatch(/[a-z][A-Z]/);
      expect(words, `${id} ${name}`).toContain(paramText(value));
    }
  });

  test("names no two parameters of one exercise alike", () => {
    for (const { id, meta } of loadAllExercises()) {
      const shown = Object.keys(paramsOf(meta)).map((name) => paramWords(name, "1"));
      expect(new Set(shown).size, id).toBe(shown.length);
    }
  });
});
