package dev.stratus.api.spi;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
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

  /**
   * Runs a launch attempt so that it never throws (launch reports every failure as data): a {@link
   * ProviderException} fails all the nodes with its error; any other runtime exception (a bug, an
   * SDK surprise) goes to {@code unexpected} (the provider logs it) and fails them as an invalid
   * request naming it.
   */
  public static LaunchResult asData(
      OfferingKey offering,
      List<String> nodeNames,
      Supplier<LaunchResult> attempt,
      Consumer<RuntimeException> unexpected) {
    try {
      return attempt.get();
    } catch (ProviderException e) {
      return failure(offering, nodeNames, e.error());
    } catch (RuntimeException e) {
      unexpected.accept(e);
      return failure(
          offering,
          nodeNames,
          new ProviderError.InvalidRequest(
              e.getClass().getSimpleName(), String.valueOf(e.getMessage())));
    }
  }

  /**
   * The result of a launch that went node by node and is not all-or-nothing: the instances in the
   * request's node order, one failure per distinct error with the nodes it hit.
   */
  public static LaunchResult perNode(
      OfferingKey offering,
      List<String> nodeNames,
      Map<String, Instance> launched,
      Map<String, ProviderError> failed) {
    Map<ProviderError, List<String>> byError = new LinkedHashMap<>();
    for (String node : nodeNames) {
      ProviderError e = failed.get(node);
      if (e != null) {
        byError.computeIfAbsent(e, x -> new ArrayList<>()).add(node);
      }
    }
    List<Failure> failures = new ArrayList<>();
    byError.forEach((e, nodes) -> failures.add(new Failure(offering, nodes, e)));
    return new LaunchResult(
        nodeNames.stream().filter(launched::containsKey).map(launched::get).toList(), failures);
  }

  /**
   * Of the errors of one launch, the one to report for all of it: capacity first (it says "try
   * another offering"), then quota, else the first.
   */
  public static ProviderError mostTelling(Collection<ProviderError> errors) {
    return errors.stream()
        .filter(e -> e instanceof ProviderError.InsufficientCapacity)
        .findFirst()
        .or(() -> errors.stream().filter(e -> e instanceof ProviderError.QuotaExceeded).findFirst())
        .orElse(errors.iterator().next());
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
