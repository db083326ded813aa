/**
 * What a Predict block carries from the build to the page: the model's figure (or each item's
 * class) and how to word the verdict. Checked when the page is built, so a bad setting fails the
 * build rather than a reader's prediction.
 */
import { type ClassPredictionItem, gradeClassPrediction, gradeNumberPrediction } from "../../grader/prediction.ts";

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

/** Check a config by grading a sample against it (that throws on a bad setting), then serialise it. */
export function predictConfigJson(config: PredictConfig): string {
  if (!/^[a-z0-9-]+$/.test(config.id))
    throw new RangeError(`a prediction id is lower-case words and hyphens, got "${config.id}"`);
  if (config.kind === "number") {
    gradeNumberPrediction("1", config.actual, config);
    const { id, kind, actual, actualText, unit, closeWithin, nearFactor } = config;
    return JSON.stringify({ id, kind, actual, actualText, unit, closeWithin, nearFactor });
  }
  const unknown = config.items.filter((i) => !Object.hasOwn(config.classes, i.actual));
  if (unknown.length > 0)
    throw new RangeError(`prediction "${config.id}": ${unknown.map((i) => i.id).join(", ")} have a class not listed`);
  gradeClassPrediction(config.items, {}, config.classes);
  const { id, kind, items, classes } = config;
  return JSON.stringify({ id, kind, items, classes });
}
