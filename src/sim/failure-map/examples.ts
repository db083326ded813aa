/**
 * Built-in maps: the platform from the retry-storm incident, before and after bulkheads.
 * Before: one database pool shared by everything (the pool the storm exhausted) and four
 * more resources shared by unrelated services, the kind of risk drawing the map uncovers.
 * After: a small pool per dependency, split worker pools, caches and queues.
 */
import { analyseFailureMap, type MapAnalysis } from "./analyse.ts";
import type { FailureMap } from "./model.ts";
import { parseFailureMapOrThrow } from "./parse.ts";

export interface ExampleMap {
  id: string;
  label: string;
  text: string;
}

const before = `title The platform before bulkheads
# Entry points carry a weight: their share of user traffic.
service storefront weight 45
service checkout weight 20
service search weight 25
service accounts weight 10
service cart
service pricing
service inventory
service recommendations
service notifications
service payments        # a third-party provider
service email           # a third-party provider

# Shared resources
pool shared-db          # one database connection pool for everyone: the one the storm drained
threads gateway-workers # the API gateway's single worker pool
cache shared-redis
queue jobs              # emails, webhooks and exports on one queue
pool http-client        # one outbound HTTP pool for every third-party call

# Who calls whom
storefront calls search, cart, accounts, recommendations
checkout calls cart, pricing, inventory, payments
cart calls pricing
notifications calls email

# Who draws from what
storefront uses gateway-workers
checkout uses gateway-workers, shared-db, jobs, http-client
cart uses shared-db     # and holds its connection while it waits on pricing
search uses shared-db, shared-redis
accounts uses shared-db, shared-redis, jobs
inventory uses shared-db
recommendations uses shared-redis
notifications uses jobs, http-client
`;

const after = `title The platform after bulkheads
service storefront weight 45
service checkout weight 20
service search weight 25
service accounts weight 10
service cart
service pricing
service inventory
service recommendations
service notifications
service payments        # a third-party provider
service email           # a third-party provider

# One small pool per dependency: a bulkhead each
pool checkout-db
pool cart-db
pool search-db
pool accounts-db
pool inventory-db
pool pricing-client for pricing     # only callers of pricing draw from it
pool payments-client for payments
pool email-client for email
threads storefront-workers
threads checkout-workers
cache search-cache
cache accounts-cache
cache recommendations-cache
queue order-jobs
queue account-jobs
queue email-jobs

storefront calls search, cart, accounts
storefront calls recommendations with fallback   # the page renders without them
checkout calls cart, pricing, inventory, payments
cart calls pricing
notifications calls email

storefront uses storefront-workers
checkout uses checkout-workers, checkout-db, order-jobs, pricing-client, payments-client
cart uses cart-db, pricing-client
search uses search-db, search-cache
accounts uses accounts-db, accounts-cache, account-jobs
inventory uses inventory-db
recommendations uses recommendations-cache
notifications uses email-jobs, email-client
`;

/** A starting point for mapping your own system (the workshop exercise). */
const template = `title Our system
# 1. Every service. Give the entry points a weight: their share of user traffic.
service web weight 100
service api
service worker
# 2. Every shared resource: pool, threads, cache or queue.
pool db
queue tasks
# 3. Who calls whom. Add "with fallback" when the caller copes without the callee.
web calls api
# 4. Who draws from what, on the request path or in the background.
api uses db, tasks
worker uses db, tasks
`;

export const failureMapExamples: readonly ExampleMap[] = [
  { id: "before-bulkheads", label: "The platform before bulkheads", text: before },
  { id: "after-bulkheads", label: "The platform after bulkheads", text: after },
  { id: "template", label: "Start your own (template)", text: template },
];

/** One of the examples above, parsed and analysed, as the map builder shows it: throws for an id it does not have. */
export function analysedExample(id: string): { map: FailureMap; analysis: MapAnalysis } {
  const example = failureMapExamples.find((e) => e.id === id);
  if (!example) throw new Error(`no example map ${id}`);
  const map = parseFailureMapOrThrow(example.text);
  return { map, analysis: analyseFailureMap(map) };
}
