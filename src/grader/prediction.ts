/**
 * Predictions: where a chapter asks the reader to predict, the page asks first, grades the
 * prediction against the figure the model computed, and only then shows the result. Two kinds:
 *
 *   number   one figure ("tries per original request"); graded by how far it is from the
 *            model's, as a ratio, since a prediction is an estimate, not an exact answer
 *   classes  one class per item ("this defence removes the sustaining effect"); graded item by
 *            item, naming every item predicted wrongly
 *
 * Pure: the page (src/widgets/prediction/) and its tests call these functions; nothing here
 * touches the DOM.
 */
import { percent, raisedPowers, readableNumber } from "../format/number.ts";
import { listNames } from "../format/words.ts";
import { parseAnswer } from "./parse-answer.ts";

/** How close a number prediction came: within `closeWithin` of the model, within `nearFactor` of it, or farther. */
export type NumberPredictionStatus = "close" | "near" | "far";

export type NumberPredictionVerdict =
  | { status: "invalid"; message: string }
  | {
      status: NumberPredictionStatus;
      message: string;
      /** The prediction as read. */
      value: number;
      /** prediction ÷ model: 1 is spot on. */
      ratio: number;
    };

export interface NumberPredictionOptions {
  /** The model's figure as the chapter prints it ("2.73"), so the verdict and the prose agree. */
  actualText: string;
  /** What the figure counts, after the number: "tries per request". */
  unit: string;
  /** Relative distance counted as close; default 0.15 (15%). */
  closeWithin?: number;
  /** A factor counted as the right size; default 2 (from half to double). */
  nearFactor?: number;
}

/** The two tolerances, checked once: a page with a bad setting fails its build, not its reader. */
function tolerances(options: NumberPredictionOptions): { close: number; near: number } {
  const close = options.closeWithin ?? 0.15;
  const near = options.nearFactor ?? 2;
  if (!(close > 0 && close < 1)) throw new RangeError(`closeWithin must be between 0 and 1, got ${close}`);
  if (!(near > 1 + close)) throw new RangeError(`nearFactor must exceed 1 + closeWithin, got ${near}`);
  return { close, near };
}

/**
 * A figure of any size in a verdict, as the grader writes a power of ten in the page and the
 * terminal, its exponent raised: "1 × 10⁻⁷", never "1 × 10^-7" (readableNumber's plain text).
 */
const figure = (value: number, figures: number) => raisedPowers(readableNumber(value, figures));

/** "12% high", "a third of it", "3.1 times it". */
function howFar(ratio: number): string {
  if (ratio >= 0.5 && ratio <= 2) {
    const off = percent(Math.abs(ratio - 1), 0);
    return off === "0%" ? "spot on" : `${off} ${ratio > 1 ? "high" : "low"}`;
  }
  // A factor past the largest number (1e-320 against 2.5, 1e308 against 0.01) has no figure.
  if (ratio > 2)
    return Number.isFinite(ratio) ? `${figure(ratio, 2)} times the model's figure` : "too large to put a number on";
  return Number.isFinite(1 / ratio) ? `${figure(1 / ratio, 2)} times too small` : "too small to put a number on";
}

/** Grade a predicted figure against the model's `actual`. Never throws on what a reader types. */
export function gradeNumberPrediction(
  input: string,
  actual: number,
  options: NumberPredictionOptions,
): NumberPredictionVerdict {
  const { close, near } = tolerances(options);
  if (!Number.isFinite(actual) || actual <= 0)
    throw new RangeError(`the model's figure must be positive, got ${actual}`);
  const parsed = parseAnswer(input);
  if (!parsed.ok) return { status: "invalid", message: parsed.message };
  const value = parsed.value;
  // The figure is a positive quantity: 0 or -5 is a slip of the keyboard, and a prediction has
  // one try, so it is refused (for the reader to correct) rather than graded "not even positive".
  if (!(value > 0))
    return { status: "invalid", message: `The figure is a positive number of ${options.unit}: type one above 0.` };
  const ratio = value / actual;
  // To eight figures, so a typed guess reads back as typed (99999999 read back as 100,000,000).
  const said = `You predicted ${figure(value, 8)}; the model gives ${options.actualText} ${options.unit}`;
  if (Math.abs(ratio - 1) <= close)
    return { status: "close", value, ratio, message: `${said}: close (${howFar(ratio)}).` };
  if (ratio >= 1 / near && ratio <= near)
    return { status: "near", value, ratio, message: `${said}: the right size, ${howFar(ratio)}.` };
  return { status: "far", value, ratio, message: `${said}: ${howFar(ratio)}. Read on for why.` };
}

export interface ClassPredictionItem<C extends string> {
  id: string;
  /** How the item reads in a sentence: "a retry budget". */
  label: string;
  /** The class the model puts it in. */
  actual: C;
}

export type ClassPredictionVerdict<C extends string> =
  | { status: "invalid"; message: string; missing: string[] }
  | {
      status: "graded";
      right: number;
      total: number;
      /** The items predicted wrongly, in the order given. */
      wrong: { id: string; predicted: C; actual: C }[];
      message: string;
    };

/**
 * Grade one predicted class per item. `predicted` maps item ids to a class or "" (not chosen);
 * `classLabels` names each class in a sentence ("removes the sustaining effect").
 */
export function gradeClassPrediction<C extends string>(
  items: readonly ClassPredictionItem<C>[],
  predicted: Readonly<Record<string, string>>,
  classLabels: Readonly<Record<C, string>>,
): ClassPredictionVerdict<C> {
  if (items.length === 0) throw new RangeError("a prediction needs at least one item");
  const known = (c: string): c is C => Object.hasOwn(classLabels, c);
  const missing = items.filter((i) => !known(predicted[i.id] ?? "")).map((i) => i.id);
  if (missing.length > 0) {
    const names = items.filter((i) => missing.includes(i.id)).map((i) => i.label);
    // Every row still open: naming them all would repeat the whole form back.
    const which =
      missing.length === items.length
        ? "no row has one yet."
        : `${listNames(names)} ${names.length === 1 ? "has" : "have"} none yet.`;
    return { status: "invalid", missing, message: `Choose an answer for every row first: ${which}` };
  }
  const wrong = items
    .filter((i) => predicted[i.id] !== i.actual)
    .map((i) => ({ id: i.id, predicted: predicted[i.id] as C, actual: i.actual }));
  const right = items.length - wrong.length;
  const label = (id: string) => items.find((i) => i.id === id)!.label;
  const first = `${right} of ${items.length} right.`;
  const rest =
    wrong.length === 0
      ? " Every one as the model has it."
      : ` In the model, ${wrong.map((w) => `${label(w.id)} ${classLabels[w.actual]} (you said it ${classLabels[w.predicted]})`).join("; ")}.`;
  return { status: "graded", right, total: items.length, wrong, message: first + rest };
}
