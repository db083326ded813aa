/**
 * The mock interview's questions, levelled rubrics and design prompts as one JSON file, fetched
 * by the widget when it loads (src/widgets/mock-interview/mount.ts), so the chapter's HTML does
 * not carry the bank twice.
 */
import type { APIRoute } from "astro";
import { questions } from "../../course/interview/bank.ts";
import { bank, values } from "../../course/interview/numbers.ts";
import { designMapHrefs } from "../../course/design-links.ts";
import { sitePath } from "../../course/url.ts";
import { interviewPayload, payloadJson } from "../../widgets/mock-interview/payload.ts";

export const GET: APIRoute = async () => {
  const payload = interviewPayload(questions, {
    values,
    format: (name) => {
      const text = bank[name];
      if (text === undefined) throw new Error(`no formatted figure for reference value ${name}`);
      return text;
    },
    // A page's own links get the site's base when the page is built; a link in this JSON is
    // written into the page by the widget, so it carries the base itself.
    mapHrefs: Object.fromEntries(Object.entries(await designMapHrefs()).map(([id, href]) => [id, sitePath(href)])),
  });
  return new Response(payloadJson(payload), { headers: { "Content-Type": "application/json; charset=utf-8" } });
};
