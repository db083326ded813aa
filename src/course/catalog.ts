/**
 * The chapter catalog read straight from the MDX frontmatter on disk. Astro's config needs
 * the sidebar before content collections exist, and command-line tools and tests need the
 * chapter list without Astro, so this reads the files itself.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { chapterFields } from "./chapter-schema.ts";
import { gamedaySidebar } from "./gameday.ts";
import { parts } from "./parts.ts";

import { chaptersDir } from "./chapters-dir.ts";

export { chaptersDir };

const catalogEntry = chapterFields.extend({ title: z.string().min(1), description: z.string().min(1) });

export interface ChapterEntry extends z.infer<typeof catalogEntry> {
  /** URL slug, the chapter's folder name. */
  slug: string;
  /** Path of the chapter's index.mdx. */
  file: string;
}

export function readFrontmatter(file: string): unknown {
  const text = readFileSync(file, "utf8");
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) throw new Error(`${file}: no frontmatter block (--- ... ---) at the top`);
  return parse(match[1]!);
}

/** Every chapter, sorted by `order`. Throws with the file and field when frontmatter is invalid. */
export function loadChapters(dir: URL = chaptersDir): ChapterEntry[] {
  const path = dir.pathname;
  const chapters: ChapterEntry[] = [];
  for (const slug of readdirSync(path).sort()) {
    const file = join(path, slug, "index.mdx");
    if (!existsSync(file)) continue;
    const parsed = catalogEntry.safeParse(readFrontmatter(file));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
      throw new Error(`${file}: invalid frontmatter\n  ${problems.join("\n  ")}`);
    }
    chapters.push({ ...parsed.data, slug, file });
  }
  chapters.sort((a, b) => a.order - b.order);
  const seen = new Map<number, string>();
  for (const c of chapters) {
    const other = seen.get(c.order);
    if (other) throw new Error(`chapters "${other}" and "${c.slug}" both have order ${c.order}`);
    seen.set(c.order, c.slug);
  }
  return chapters;
}

/**
 * Starlight sidebar: the landing, the two pages a learner comes back to (the daily review, and
 * their progress as a file: export, import, reset), one group per part with its chapters in course
 * order, and the game day. The two pages are no steps of the reading order: they set no Previous or
 * Next, and a chapter's do not lead to them (tests/site/reading-order.test.ts).
 */
export function sidebarFromChapters(chapters: ChapterEntry[]) {
  return [
    { label: "Start here", link: "/" },
    { label: "Daily review", link: "/review/" },
    { label: "Your progress", link: "/progress/" },
    ...parts
      .map((part) => ({
        label: `Part ${["I", "II", "III", "IV"][part.number - 1]}: ${part.title}`,
        items: chapters.filter((c) => c.part === part.number).map((c) => ({ slug: c.slug })),
      }))
      .filter((group) => group.items.length > 0),
    gamedaySidebar(),
  ];
}

/** A link of the sidebar, with the words it shows (a chapter's title) and the group it is in, if any. */
export interface SidebarLink {
  label: string;
  /** Below the site's base, with slashes: "/review/". */
  link: string;
  group?: string;
  chapter: boolean;
}

/** Every link of the sidebar in its order, for a page that lists them (the 404 page). */
export function sidebarLinks(chapters: ChapterEntry[]): SidebarLink[] {
  const titles = new Map(chapters.map((c) => [c.slug, c.title]));
  const linkOf = (item: { slug: string } | { label: string; link: string }, group?: string): SidebarLink =>
    "slug" in item
      ? { label: titles.get(item.slug)!, link: `/${item.slug}/`, group, chapter: true }
      : { label: item.label, link: item.link, group, chapter: false };
  return sidebarFromChapters(chapters).flatMap((entry) =>
    "items" in entry ? entry.items.map((item) => linkOf(item, entry.label)) : [linkOf(entry)],
  );
}
