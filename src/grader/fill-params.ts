/**
 * {param} placeholders in titles, prompts, hints, feedback and worked explanations, filled with a
 * variant's values. Kept apart from the grader (which loads mathjs) so listing exercises stays light.
 */
import type { Params } from "./exercise-schema.ts";

/** A placeholder: "{workers}". */
export const placeholderPattern = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

/**
 * Replace {param} placeholders with the variant's values; unknown names are left as they are.
 * A worked explanation also fills the figures its solution computes for them (solution.ts worked()).
 */
export function fillParams(text: string, params: Params | Readonly<Record<string, number | string>>): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The placeholders a text uses: "{workers}" -> "workers". */
export function placeholders(text: string): string[] {
  return [...text.matchAll(placeholderPattern)].map((m) => m[1]!);
}
