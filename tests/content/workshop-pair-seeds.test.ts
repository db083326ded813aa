/**
 * The kit's promise about variant seeds (workshop kit, "The room board"): each pair gets its own
 * seed, so "nobody can copy a neighbour's number". Held here for every exercise both agendas set:
 * the seeds the kit and the answer key hand to the pairs deal each pair other numbers, with other
 * answers, than every other pair, computed again from the reference solutions; and they are the
 * first seeds that do, so the table a facilitator hands out stays as short and low as it can be.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { workshopKey, workshopExerciseIds } from "../../src/components/answer-key/workshop-key.ts";
import { agendas, preparation } from "../../src/course/workshop/agenda.ts";
import { answerKeySeeds } from "../../src/course/workshop-exercises.ts";
import { loadChapters } from "../../src/course/catalog.ts";
import { inWords } from "../../src/format/words.ts";
import { loadExercise } from "../../src/grader/load-exercises.ts";
import { expectedAnswers, hasVariants, type SolutionModule } from "../../src/grader/solution.ts";
import { mulberry32 } from "../../src/sim/random.ts";

const root = new URL("../../", import.meta.url);
const catalog = loadChapters();
/** Every exercise either agenda sets, each once. */
const setExercises = [...new Set(agendas.flatMap((a) => preparation(a, catalog).exercises))];
const solution = async (id: string) => (await import(`../../solutions/${id}/solution.ts`)) as SolutionModule;

/** The values of `values` that occur more than once. */
const repeated = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

/** What a seed deals in an exercise, straight from its solution: the numbers and the answers it expects. */
async function dealt(id: string, seed: number): Promise<{ params: string; answers: string } | undefined> {
  const { meta } = loadExercise(id);
  const module = await solution(id);
  if (meta.kind === "code" || !hasVariants(meta, module)) return undefined;
  const params = module.variant!(mulberry32(seed));
  return { params: JSON.stringify(params), answers: JSON.stringify(expectedAnswers(meta.parts, module, params)) };
}

describe("each pair's variant seed", { timeout: 60_000 }, () => {
  test("the answer key covers every exercise both agendas set, and some of them deal variants", async () => {
    for (const id of setExercises) expect(workshopExerciseIds, id).toContain(id);
    const dealing = (await Promise.all(setExercises.map((id) => dealt(id, 1)))).filter(Boolean);
    expect(dealing.length).toBeGreaterThanOrEqual(4);
  });

  test("for every exercise both agendas set, the pairs' dealt numbers and answers are pairwise distinct", async () => {
    const { pairSeeds, pairDeals } = await workshopKey();
    expect(pairSeeds).toHaveLength(answerKeySeeds);
    expect(new Set(pairSeeds).size).toBe(answerKeySeeds);
    for (const id of setExercises) {
      const deals = (await Promise.all(pairSeeds.map((seed) => dealt(id, seed)))).filter((d) => d !== undefined);
      if (deals.length === 0) {
        expect(pairDeals(id), id).toEqual([]);
        continue;
      }
      // From the solution itself: the numbers each pair is dealt, and the answers the grader expects.
      // Answers are compared as a pair's whole row, as the kit says ("in at least one part"): one
      // part alone may repeat (the retry layers' "top layer only" is the attempts dealt, four
      // values for eight pairs), the row may not.
      expect(repeated(deals.map((d) => d.params)), `${id}: numbers dealt to two pairs`).toEqual([]);
      expect(repeated(deals.map((d) => d.answers)), `${id}: answers expected of two pairs`).toEqual([]);
      // As the answer key prints them: a row per pair, in pair order, the seed the kit gives it.
      const printed = pairDeals(id);
      expect(
        printed.map((p) => [p.pair, p.seed]),
        id,
      ).toEqual(pairSeeds.map((seed, i) => [i + 1, seed]));
      expect(repeated(printed.map((p) => p.numbers)), `${id}: printed numbers`).toEqual([]);
      expect(repeated(printed.map((p) => JSON.stringify(p.answers))), `${id}: printed answers`).toEqual([]);
    }
  });

  test("they are the first such seeds: each seed skipped deals a problem an earlier pair already has", async () => {
    const { pairSeeds, keys } = await workshopKey();
    const printed = (id: string, seed: number) => {
      const v = keys.get(id)!.variants[seed - 1]!;
      return [v.numbers, JSON.stringify(v.answers)];
    };
    const last = pairSeeds.at(-1)!;
    for (let seed = 1; seed <= last; seed++) {
      if (pairSeeds.includes(seed)) continue;
      const earlier = pairSeeds.filter((s) => s < seed);
      let clash = false;
      for (const id of setExercises) {
        const here = await dealt(id, seed);
        if (!here) continue;
        for (const s of earlier) {
          const there = (await dealt(id, s))!;
          if (there.params === here.params || there.answers === here.answers) clash = true;
          // Or alike as printed (an answer rounded to the same figure is the same to copy).
          if (printed(id, s).some((text, i) => text === printed(id, seed)[i])) clash = true;
        }
      }
      expect(clash, `seed ${seed} deals every exercise a new problem, yet no pair has it`).toBe(true);
    }
  });

  test("the kit hands out these seeds, not table numbers, and says what they promise", () => {
    const kit = readFileSync(new URL("content/chapters/workshop-kit/index.mdx", root), "utf8");
    const board = kit.split("## The room board")[1]!.split("\n## ")[0]!.replace(/\s+/g, " ");
    expect(board).toContain('<PairSeeds caption="The variant seed each pair types" />');
    expect(board).toContain("give each pair its own seed from the table below");
    expect(board).toContain("Not the table number: seeds next to each other can deal the same problem.");
    expect(board).toContain(
      "The seeds below are the first that, in every exercise both agendas set, deal each of {inWords(answerKeySeeds)} pairs numbers no other pair has, and answers that differ from every other pair's in at least one part. Nobody can copy a neighbour's number,",
    );
    expect(board).not.toMatch(/\(its table number/);
    expect(inWords(answerKeySeeds)).toMatch(/^[a-z]+$/);
    const page = readFileSync(new URL("src/pages/answer-key.astro", root), "utf8");
    expect(page).toContain('<PairSeeds caption="The variant seed each pair types" />');
    expect(page).not.toMatch(/seeds 1 to/);
  });
});
