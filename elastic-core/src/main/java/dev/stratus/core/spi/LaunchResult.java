package dev.stratus.core.spi;

import dev.stratus.core.model.Instance;
import dev.stratus.core.model.OfferingKey;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a launch did, as data: the instances that exist now and, for nodes that got none, why. A
 * partial result (some launched, some failed) is legal only when the request was not
 * all-or-nothing.
 */
public record LaunchResult(List<Instance> launched, List<Failure> failures) {
  public LaunchResult {
    launched = List.copyOf(launched);
    failures = List.copyOf(failures);
  }

  /** Nodes that got no instance, with the error that says how to recover. */
  public record Failure(OfferingKey offering, List<String> nodeNames, ProviderError error) {
    public Failure {
      nodeNames = List.copyOf(nodeNames);
    }
  }

  public static LaunchResult success(List<Instance> launched) {
    return new LaunchResult(launched, List.of());
  }

  public static LaunchResult failure(
      OfferingKey offering, List<String> nodeNames, ProviderError error) {
    return new LaunchResult(List.of(), List.of(new Failure(offering, nodeNames, error)));
  }

  public boolean complete() {
    return failures.isEmpty();
  }

  public Set<String> launchedNodeNames() {
    return launched.stream()
        .map(i -> i.nodeName().orElse(""))
        .filter(n -> !n.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }
}
