/**
 * Breaker threshold arithmetic, shared by the chapter's numbers and its exercise solution.
 * Pure: no imports.
 */

/**
 * Fewest failures among `calls` outcomes that trip a rate threshold: at or above it (resilience4j,
 * Polly) or strictly above it (opossum).
 */
export function failuresToOpen(calls: number, threshold: number, strict: boolean): number {
  const exact = calls * threshold;
  // Rounding guard: 0.1 * 100 must count as exactly 10.
  const whole = Math.abs(exact - Math.round(exact)) < 1e-9 ? Math.round(exact) : exact;
  return strict ? Math.floor(whole) + 1 : Math.ceil(whole);
}
