/**
 * What a Predict block carries from the build to the page: the model's figure (or each item's
 * class) and how to word the verdict, with a fingerprint of the grader's words for it
 * (`verdictWording`). Checked when the page is built, so a bad setting fails the build rather
 * than a reader's prediction.
 */
import { type ClassPredictionItem, gradeClassPrediction, gradeNumberPrediction } from "../../grader/prediction.ts";
import { hashName } from "../../sim/random.ts";
import { spokenPieces } from "../spoken-figures.ts";

export type PredictConfig =
  | {
      id: string;
      kind: "number";
      /** The model's figure. */
      actual: number;
      /** The figure as the chapter prints it. */
      actualText: string;
      unit: string;
      closeWithin?: number;
      nearFactor?: number;
    }
  | {
      id: string;
      kind: "classes";
      items: ClassPredictionItem<string>[];
      /** Class id -> how it reads after an item's label ("removes the sustaining effect"). */
      classes: Record<string, string>;
    };

/**
 * Figures a reader might predict, as multiples of the model's: spot on, close high and low, the
 * right size high and low, far high and low; with the two past any factor (too large or too small
 * to put a number on, where the model's figure lets one be reached), so each of the grader's
 * sentences for a figure is written at least once.
 */
const sampleRatios = [1, 1.1, 0.92, 1.6, 0.6, 3.7, 1 / 3.7];
const sampleExtremes = ["1e308", "1e-320"];

/**
 * The grader's words for this block: a 32-bit FNV-1a hash (hashName), base 36, of the verdicts
 * it gives sample answers that reach each of its sentences (for rows: every row right, every row
 * wrong, one wrong), as the page keeps them (spokenPieces). A verdict is kept with the settings it
 * was graded against, and a returning reader's page shows it without the grader (shown.ts) only
 * while those settings are the page's: with these words among them, a build whose grader words a
 * verdict otherwise (a sentence reworded, a figure written another way) has other settings, and
 * a kept verdict is graded again in the grader's words, not shown in the words it was kept with.
 */
export function verdictWording(config: PredictConfig): string {
  const said: unknown[] = [];
  const keep = (verdict: { status: string; message: string }) => {
    if (verdict.status !== "invalid") said.push([verdict.status, spokenPieces(verdict.message)]);
  };
  if (config.kind === "number") {
    for (const typed of [...sampleRatios.map((r) => String(config.actual * r)), ...sampleExtremes])
      keep(gradeNumberPrediction(typed, config.actual, config));
  } else {
    const { items, classes } = config;
    const other = (actual: string) => Object.keys(classes).find((c) => c !== actual) ?? actual;
    const answers = [
      Object.fromEntries(items.map((i) => [i.id, i.actual])),
      Object.fromEntries(items.map((i) => [i.id, other(i.actual)])),
      Object.fromEntries(items.map((i, n) => [i.id, n === 0 ? other(i.actual) : i.actual])),
    ];
    for (const answer of answers) keep(gradeClassPrediction(items, answer, classes));
  }
  return hashName(JSON.stringify(said)).toString(36);
}

/**
 * Check a config by grading a sample against it (that throws on a bad setting), then serialise
 * it, with the grader's words for it (`wording`, verdictWording).
 */
export function predictConfigJson(config: PredictConfig): string {
  if (!/^[a-z0-9-]+$/.test(config.id))
    throw new RangeError(`a prediction id is lower-case words and hyphens, got "${config.id}"`);
  if (config.kind === "number") {
    gradeNumberPrediction("1", config.actual, config);
    const { id, kind, actual, actualText, unit, closeWithin, nearFactor } = config;
    const wording = verdictWording(config);
    return JSON.stringify({ id, kind, actual, actualText, unit, closeWithin, nearFactor, wording });
  }
  const unknown = config.items.filter((i) => !Object.hasOwn(config.classes, i.actual));
  if (unknown.length > 0)
    throw new RangeError(`prediction "${config.id}": ${unknown.map((i) => i.id).join(", ")} have a class not listed`);
  gradeClassPrediction(config.items, {}, config.classes);
  const { id, kind, items, classes } = config;
  return JSON.stringify({ id, kind, items, classes, wording: verdictWording(config) });
}
