/** Cell-based architecture: router and control plane, faults and blast radius, deploys, moves, static stability. */
export * from "./router.ts";
export * from "./blast.ts";
export * from "./deploy.ts";
export * from "./migration.ts";
export * from "./static-stability.ts";
export * from "./example.ts";
export * from "./sizing.ts";
