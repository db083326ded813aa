/**
 * Build-time Markdown for exercise prompts, hints and explanations, with the same math
 * rendering as chapters (KaTeX to MathML: no CSS, fonts or JS). {param} placeholders become
 * <span data-param> elements so "Another variant" can swap their numbers in the page. A worked
 * explanation's figures ({perDay}: computed by the solution's worked(params)) become the same
 * spans, so a dealt variant's worked solution shows that variant's results too.
 */
import { createMarkdownProcessor, type MarkdownProcessor } from "@astrojs/markdown-remark";
import remarkMath from "remark-math";
import rehypeKatex from "rehype-katex";
import rehypeMathSearch from "../../integrations/math-search.ts";
import type { ExerciseMeta, Params, Part } from "../../grader/exercise-schema.ts";
import type { Figures } from "../../grader/solution.ts";
import { paramText, placeholderPattern } from "../../grader/fill-params.ts";
import { escapeHtml } from "../../widgets/escape-html.ts";

let processor: Promise<MarkdownProcessor> | undefined;

function markdown(): Promise<MarkdownProcessor> {
  processor ??= createMarkdownProcessor({
    remarkPlugins: [remarkMath],
    // Formulas stay out of the search index, as the chapters' do (src/integrations/math-search.ts).
    rehypePlugins: [[rehypeKatex, { output: "mathml" }], rehypeMathSearch],
    syntaxHighlight: false,
    // Quotes stay straight, as typed and as the chapters keep them (astro.config.ts).
    smartypants: false,
  });
  return processor;
}

/** Words, not a figure: "The pool is full, so ..." rather than "1,167" or "41.7%". */
const prose = /[a-z]{3,} [a-z]{3,} [a-z]{3,}/i;

// Private-use brackets survive Markdown untouched and never occur in real prose.
const open = "\uE000";
const close = "\uE001";

/** Render Markdown to HTML, showing the given parameters' values in placeholders. */
export async function renderMarkdown(source: string, params: Figures = {}, { inline = false } = {}): Promise<string> {
  const marked = source.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(params, name) ? `${open}${name}${close}` : whole,
  );
  let html = (await (await markdown()).render(marked)).code;
  html = html.replace(new RegExp(`${open}([a-zA-Z0-9]+)${close}`, "g"), (_, name: string) => {
    const value = paramText(params[name]!);
    // A worked sentence (a diagnosis's reading of its situation) reads as prose, not as a figure.
    const kind = prose.test(value) ? "br-ex-param br-ex-param--prose" : "br-ex-param";
    return `<span class="${kind}" data-param="${name}">${escapeHtml(value)}</span>`;
  });
  // A code block wider than the page scrolls; keyboard users must be able to reach it.
  html = html.replace(/<pre(?![^>]*tabindex)/g, '<pre tabindex="0"');
  // Code stays out of the search index (Pagefind), as the chapters' code blocks do (ec.config.mjs).
  html = html.replace(/<pre(?![^>]*data-pagefind-ignore)/g, "<pre data-pagefind-ignore");
  // Headings inside an exercise sit below its title (an h3): demote h1-h3 to h4.
  html = html.replace(/<(\/?)h[1-3](\s|>)/g, "<$1h4$2");
  if (inline) {
    const single = /^<p>([\s\S]*)<\/p>\s*$/.exec(html.trim());
    if (single && !single[1]!.includes("<p>")) html = single[1]!;
  }
  return html;
}

/** Plain text (a title) with its placeholders as swappable <span data-param> elements. */
export function renderPlainText(text: string, params: Params): string {
  return escapeHtml(text).replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(params, name)
      ? `<span class="br-ex-param" data-param="${name}">${escapeHtml(paramText(params[name]!))}</span>`
      : whole,
  );
}

export interface RenderedExercise {
  title: string;
  prompt: string;
  hints: string[];
  /** The worked solution, with the variant's numbers where it names a parameter. */
  explanation: string;
  parts: { part: Part; html: string; choices: { id: string; html: string }[] }[];
}

/**
 * Everything an exercise shows, as HTML, for one variant's params (the page's, and the tests'),
 * with the worked figures its solution computes for them (workedFigures) in the explanation.
 */
export async function renderExercise(
  exercise: { meta: ExerciseMeta; readme: string; explanation: string },
  params: Params,
  worked: Readonly<Record<string, string>> = {},
): Promise<RenderedExercise> {
  const { meta } = exercise;
  const inline = { inline: true };
  return {
    title: renderPlainText(meta.title, params),
    prompt: await renderMarkdown(exercise.readme, params),
    hints: await Promise.all(meta.hints.map((h) => renderMarkdown(h, params, inline))),
    explanation: await renderMarkdown(exercise.explanation, { ...params, ...worked }),
    parts:
      meta.kind === "code"
        ? []
        : await Promise.all(
            meta.parts.map(async (part: Part) => ({
              part,
              html: await renderMarkdown(part.prompt, params, inline),
              choices:
                part.kind === "choice"
                  ? await Promise.all(
                      part.choices.map(async (c) => ({ id: c.id, html: await renderMarkdown(c.text, params, inline) })),
                    )
                  : [],
            })),
          ),
  };
}
