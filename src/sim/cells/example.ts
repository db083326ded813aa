/**
 * The course's worked cell example: the cells chapter's prose and its widget's first view both
 * start from it, so the page never shows one fleet and describes another.
 */
export const cellExample = { cells: 10, customers: 1000, zones: 3 } as const;
