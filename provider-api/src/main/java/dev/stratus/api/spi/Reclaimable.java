package dev.stratus.api.spi;

import java.time.Duration;

/**
 * Optional capability of a provider that can take an instance away the way a cloud reclaims a spot
 * VM: first an interruption notice on the instance's own metadata service, then, when the notice
 * runs out, the instance is killed without any shutdown. Only the local provider has it (for tests
 * and demos); the clouds do this themselves.
 *
 * <p>Contract: called by an operator's command ({@code stratus local reclaim}) or a test, never by
 * the controller; it may run while the controller launches, lists and terminates on other threads,
 * and a termination of the same instance during the notice is no error (the instance is gone either
 * way).
 */
public interface Reclaimable {
  /**
   * Announces the reclaim on the instance's metadata service, waits for {@code notice} to run out,
   * then kills the instance at once. {@code Duration.ZERO}: killed at once, with no notice. Returns
   * when the instance is gone (also when something else terminated it during the notice).
   *
   * @throws IllegalArgumentException when no live instance has that id, or the notice is negative
   */
  void reclaim(String instanceId, Duration notice);
}
