/**
 * /review/<id>.json: one reviewable exercise's markup, exactly as a chapter shows it
 * (src/components/Exercise.astro, rendered at build time), fetched by the /review/ page only when
 * that exercise comes up for review, so the page itself carries none of them. Without the
 * component's boot script: the /review/ page boots the exercise itself, and rendered outside a
 * page the tag names the component by its file's absolute path on the building machine.
 */
import type { APIRoute, GetStaticPaths } from "astro";
import { experimental_AstroContainer } from "astro/container";
import Exercise from "../../components/Exercise.astro";
import { buildReviewables } from "../../components/review/reviewables.ts";

export const getStaticPaths = (async () =>
  (await buildReviewables()).map((r) => ({ params: { id: r.id } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const container = await experimental_AstroContainer.create();
  const rendered = await container.renderToString(Exercise, { props: { id: params.id } });
  // Every script but the exercise's data (a JSON script the /review/ page reads).
  const html = rendered.replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, "");
  return new Response(JSON.stringify({ id: params.id, html }), {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
};
