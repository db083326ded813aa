/**
 * The mock interview's questions, levelled rubrics and design prompts as one JSON file, fetched
 * by the widget when it loads (src/widgets/mock-interview/mount.ts), so the chapter's HTML does
 * not carry the bank twice.
 */
import type { APIRoute } from "astro";
import { questions } from "../../course/interview/bank.ts";
import { bank, values } from "../../course/interview/numbers.ts";
import { designMapHrefs } from "../../course/design-links.ts";
import { interviewPayload, payloadJson } from "../../widgets/mock-interview/payload.ts";

export const GET: APIRoute = async () => {
  const payload = interviewPayload(questions, {
    values,
    format: (name) => {
      const text = bank[name];
      if (text === undefined) throw new Error(`no formatted figure for reference value ${name}`);
      return text;
    },
    mapHrefs: await designMapHrefs(),
  });
  return new Response(payloadJson(payload), { headers: { "Content-Type": "application/json; charset=utf-8" } });
};
