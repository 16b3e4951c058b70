package dev.stratus.testkit.contract;

/** Optional harness capability: the provider's backend answers "throttled" to the next calls. */
public interface Throttling {
  void throttleNextCalls(int calls);
}
