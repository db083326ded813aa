// @ts-check
import { defineConfig } from "astro/config";
import starlight from "@astrojs/starlight";
import remarkMath from "remark-math";
import rehypeKatex from "rehype-katex";
import { loadChapters, sidebarFromChapters } from "./src/course/catalog.ts";
import contentSecurityPolicy from "./src/integrations/csp.ts";
import offline from "./src/integrations/offline.ts";
import starlightSearchPatch from "./src/integrations/starlight-search-patch.ts";
import { outDirFromEnv } from "./src/integrations/out-dir.ts";

export default defineConfig({
  site: process.env.SITE_URL ?? "http://localhost:4321",
  // OUT_DIR / CACHE_DIR let several builds run side by side (tests and benchmarks read OUT_DIR too).
  outDir: outDirFromEnv(),
  cacheDir: process.env.CACHE_DIR ?? "./node_modules/.astro",
  trailingSlash: "always",
  markdown: {
    remarkPlugins: [remarkMath],
    // MathML needs no stylesheet or web fonts: every current browser renders it.
    rehypePlugins: [[rehypeKatex, { output: "mathml" }]],
  },
  integrations: [
    starlight({
      title: "Blast Radius",
      description: "An interactive course on designing for failure domains.",
      favicon: "/favicon.svg",
      // Chapters live outside src/content/docs, so Starlight cannot autogenerate this (STACK.md pitfall 1).
      sidebar: sidebarFromChapters(loadChapters()),
      customCss: ["./src/styles/course.css", "./src/styles/print.css"],
      components: {
        PageTitle: "./src/components/overrides/PageTitle.astro",
        MarkdownContent: "./src/components/overrides/MarkdownContent.astro",
        Footer: "./src/components/overrides/Footer.astro",
        Sidebar: "./src/components/ProgressSidebar.astro",
      },
      pagination: true,
      lastUpdated: false,
    }),
    // Starlight's search component, with the Pagefind UI loaded on first reach (see the file).
    starlightSearchPatch(),
    // These two post-process the finished build: the service worker lists every built file,
    // and the policy is added to every page.
    offline(),
    contentSecurityPolicy(),
  ],
});
