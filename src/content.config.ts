import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { docsSchema } from "@astrojs/starlight/schema";
import { chapterFields } from "./course/chapter-schema.ts";

// Chapters live in content/chapters/<slug>/index.mdx, beside their playgrounds.
// The folder name is the URL slug. The fields are optional here only because Starlight also
// validates custom pages (the landing page) against this schema; src/course/catalog.ts
// requires them of every chapter and fails the build naming the file and field.
export const collections = {
  docs: defineCollection({
    loader: glob({
      base: "./content/chapters",
      pattern: "*/index.mdx",
      generateId: ({ entry }) => entry.split("/")[0]!,
    }),
    schema: docsSchema({ extend: chapterFields.partial() }),
  }),
};
