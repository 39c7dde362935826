/** Injected faults: what a rule asks for, and the registry the fault middleware reads (http/faults.ts). */

/** A fault to inject. */
export interface FaultInput {
  /** Path to match exactly, or a prefix ending with `*` (`/stores-reader/*`). */
  path: string;
  /** Only this method (upper case). @default every method */
  method?: string;
  /** Delay before answering (or failing), in ms, at most 30000. @default 0 */
  latencyMs?: number;
  /** Fail with this status. @default none: only the latency applies */
  status?: 401 | 429 | 503;
  /** `Retry-After` of a 429 or 503, in seconds. @default 1 */
  retryAfterSeconds?: number;
  /** Apply to this many requests, then remove the rule. @default unlimited */
  times?: number;
}

/** An active rule. */
export interface FaultRule extends FaultInput {
  id: string;
}

/** The registry of active fault rules. */
export interface FaultRegistry {
  add(input: FaultInput): FaultRule;
  list(): FaultRule[];
  remove(id: string): boolean;
  clear(): void;
  /** The rule that applies to this request, counting it against `times`. */
  take(method: string, path: string): FaultRule | undefined;
}
