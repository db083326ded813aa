/**
 * What the rest of the course asks of an exercise's validated metadata: its parts (a code
 * exercise has one, "code"), the chapter's params, its title for a variant, and a part reduced
 * to what grading needs. No schema library here, so the terminal and the page load it cheaply;
 * the schema itself is exercise-schema.ts.
 */
import type { AnyPart, ExerciseMeta, GradingPart, Params, Part } from "./exercise-schema.ts";
import { fillParamsForReading } from "./fill-params.ts";

/** The parts of an exercise as progress and the page see them (a code exercise has one, "code"). */
export function partsOf(meta: ExerciseMeta): AnyPart[] {
  return meta.kind === "code" ? [{ kind: "code", id: "code" }] : meta.parts;
}

/** The params an exercise's default variant uses (the chapter's numbers; {} for code and exercises without). */
export function defaultParams(meta: ExerciseMeta): Params {
  return meta.kind === "code" ? {} : { ...(meta.params ?? {}) };
}

/** The exercise's title for a variant (the chapter's numbers by default): "The 16-worker problem". */
export function titleOf(meta: ExerciseMeta, params: Params = defaultParams(meta)): string {
  return fillParamsForReading(meta.title, params);
}

/** A part reduced to what grading needs. */
export function gradingPart(part: Part): GradingPart {
  switch (part.kind) {
    case "numeric": {
      const { kind, id, type, tolerance, figures, unit, feedback } = part;
      return {
        kind,
        id,
        type,
        figures,
        feedback,
        ...(tolerance !== undefined ? { tolerance } : {}),
        ...(unit ? { unit } : {}),
      };
    }
    case "choice":
      return {
        kind: part.kind,
        id: part.id,
        multiple: part.multiple,
        feedback: part.feedback,
        choices: part.choices.map(({ id, misconception }) => (misconception ? { id, misconception } : { id })),
      };
    case "match":
      return {
        kind: part.kind,
        id: part.id,
        feedback: part.feedback,
        items: part.items.map(({ id }) => ({ id })),
        options: part.options.map(({ id }) => ({ id })),
      };
  }
}
