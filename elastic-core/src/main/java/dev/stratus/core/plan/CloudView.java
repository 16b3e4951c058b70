package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.wire.BootstrapReport;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the pass saw of the clouds. {@code instances} holds only the providers whose list succeeded;
 * {@code unlistedProviders} names those whose list failed, so the planner never takes a missing
 * list for "no instances" (that would set nodes DOWN wrongly). {@code unavailable} offerings are
 * inside their TTL after a capacity error; {@code probing} ones came back from it and have not
 * succeeded since. {@code lastSpotInstances}: the spot instance the previous pass saw bound to each
 * node (so one that vanished without notice is known by its offering). {@code inFlight}: launches
 * and terminations earlier passes started that are still running. {@code bootstrapReports}: failed
 * bootstrap steps nodes reported since the last pass ({@link BootstrapFailures}).
 */
public record CloudView(
    List<Instance> instances,
    Set<String> unlistedProviders,
    Set<OfferingKey> unavailable,
    Set<OfferingKey> probing,
    Map<String, Instance> lastSpotInstances,
    InFlight inFlight,
    List<BootstrapReport> bootstrapReports) {
  public static final CloudView EMPTY =
      new CloudView(List.of(), Set.of(), Set.of(), Set.of(), Map.of(), InFlight.NONE, List.of());

  public CloudView {
    instances = List.copyOf(instances);
    unlistedProviders = Set.copyOf(unlistedProviders);
    unavailable = Set.copyOf(unavailable);
    probing = Set.copyOf(probing);
    lastSpotInstances = Map.copyOf(lastSpotInstances);
    if (inFlight == null) {
      throw new IllegalArgumentException("inFlight must be set (InFlight.NONE for none)");
    }
    bootstrapReports = List.copyOf(bootstrapReports);
  }
}
