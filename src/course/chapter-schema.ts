/**
 * Course-specific chapter frontmatter, on top of Starlight's (title, description, ...).
 * Kept free of Astro imports so command-line tools and tests can validate chapters too.
 */
import { z } from "zod";

export const readingSchema = z.object({
  title: z.string().min(1),
  /** Who published it, and when: "AWS Builders' Library" or "HotOS 2021". */
  source: z.string().min(1),
  url: z.string().url().optional(),
});

export const chapterFields = z.object({
  /** Which part of the course (1-4). */
  part: z.number().int().min(1).max(4),
  /** Position within the whole course, 1-based; unique across chapters. */
  order: z.number().int().min(1),
  /** What a reader can do after the chapter; shown at the top and on the course map. */
  objectives: z.array(z.string().min(1)).min(1),
  /** Estimated reading-and-doing time. */
  minutes: z.number().int().min(1).max(240),
  /** Further reading: each primary source the chapter relies on, with its title and address (docs/SOURCES.md). */
  reading: z.array(readingSchema).min(1),
});
