/** The retry-storm simulation: scenario, defences, parameters, run, metrics. */
export { runRetryStorm, type RetryStormResult } from "./model.ts";
export {
  defenceNames,
  defenceDescriptions,
  parameterSpecs,
  defaultScenario,
  defaultParameters,
  defaultServices,
  defaultDependencies,
  checkParameter,
  checkScenario,
  triggeredDependency,
  type DefenceName,
  type Scenario,
  type Parameters,
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
  type RetryStormMetrics,
  type RetryStormSummary,
  type ServiceSummary,
  type ServiceSeries,
} from "./metrics.ts";
export { EventQueue } from "./event-queue.ts";
