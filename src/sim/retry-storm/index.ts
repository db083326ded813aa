/** The retry-storm simulation: scenario, defences, parameters, run, metrics. */
export { runRetryStorm, summarizeRetryStorm, type RetryStormResult } from "./model.ts";
export { rememberedRetryStorm } from "./remembered.ts";
export {
  createRun,
  replayActions,
  drainSeconds,
  StormRun,
  type StormAction,
  type StormObserver,
  type PoolObserver,
  type StormState,
  type TimedAction,
} from "./engine.ts";
export type { DependencyCondition, Try } from "./world.ts";
export {
  defenceNames,
  defenceDescriptions,
  parameterSpecs,
  defaultScenario,
  defaultParameters,
  parameterDefaults,
  defaultServices,
  defaultDependencies,
  checkParameter,
  checkScenario,
  interventionAfterEnd,
  parameterSpec,
  isParameterName,
  triggeredDependency,
  type DefenceName,
  type Scenario,
  type Parameters,
  type ParameterName,
  type ParameterValue,
  type ParameterSpec,
  type RetryPolicy,
  type RetryLayer,
  type ServiceSpec,
  type DependencySpec,
  type Latency,
} from "./scenario.ts";
export {
  naiveRetryPolicy,
  fullJitterRetryPolicy,
  RatioRetryBudget,
  TokenRetryBudget,
  CircuitBreaker,
  type RetryBudget,
  type BreakerOptions,
  type BreakerState,
} from "./policies.ts";
export {
  recoveryIndex,
  timesOutWaiting,
  worstSuccessRate,
  statedRate,
  statedWorstSuccessRate,
  type RetryStormMetrics,
  type RetryStormSummary,
  type ServiceSummary,
  type ServiceSeries,
  type PoolSeries,
} from "./metrics.ts";
export { EventQueue } from "../event-queue.ts";
