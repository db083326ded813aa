/**
 * Where a Predict block's answer is kept (kept.ts reads it): the one thing the block's inline
 * script needs on every load, to load the widget only when there is an answer to show again.
 */

/** Where block `id`'s answer is kept. */
export const predictionKey = (id: string) => `blast-radius:prediction:v1:${id}`;
