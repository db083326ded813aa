/**
 * The exercise island's payload: what the page needs to grade an exercise, built once at build
 * time by ExerciseBody.astro (exercisePayload) and read by the widget (readPayload) with the same type.
 * Expected answers are not in it: they come from the solution module, loaded on demand.
 */
import { defaultParams, gradingPart } from "../../grader/exercise-meta.ts";
import type { CodePart, ExerciseMeta, GradingPart, Params } from "../../grader/exercise-schema.ts";

export interface ExercisePayload {
  id: string;
  kind: ExerciseMeta["kind"];
  chapter: string;
  /** The title as written, with {param} placeholders for variants. */
  title: string;
  /** The chapter's numbers (numeric exercises); {} otherwise. */
  params: Params;
  /** The solution deals generated variants. */
  variants: boolean;
  /** Code exercises: the checks' time limit in milliseconds. */
  timeout?: number;
  /** A code exercise has one part, "code". */
  parts: (GradingPart | CodePart)[];
}

export function exercisePayload(id: string, meta: ExerciseMeta, variants: boolean): ExercisePayload {
  return {
    id,
    kind: meta.kind,
    chapter: meta.chapter,
    title: meta.title,
    params: defaultParams(meta),
    variants,
    ...(meta.kind === "code" ? { timeout: meta.timeout } : {}),
    parts: meta.kind === "code" ? [{ kind: "code", id: "code" }] : meta.parts.map(gradingPart),
  };
}

/** JSON safe inside <script type="application/json">. */
export function payloadJson(payload: ExercisePayload): string {
  return JSON.stringify(payload).replace(/</g, "\\u003c");
}

/** The payload embedded in an exercise's markup; undefined if it is missing or unreadable. */
export function readPayload(root: Element): ExercisePayload | undefined {
  try {
    const parsed: unknown = JSON.parse(root.querySelector("script[data-exercise-data]")?.textContent ?? "");
    const payload = parsed as ExercisePayload;
    return typeof payload?.id === "string" && Array.isArray(payload.parts) ? payload : undefined;
  } catch {
    return undefined;
  }
}
