package dev.stratus.provider.aws;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import dev.stratus.api.spi.Recovery;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One launch: (placement group) → CreateFleet instant, or RunInstances into the offering's
 * reservation ({@link LaunchCall}) → node tags → result as data.
 *
 * <p>Binding: node {@code i} of the request gets the {@code i}-th instance id of the fleet's
 * answer. A retry with the same client token gets the same answer from EC2, hence the same binding,
 * so tagging is idempotent too; a fleet whose instances were terminated meanwhile is replaced under
 * the next generation of the token ({@link FleetGenerations}). If the process dies between the
 * fleet and the tags, the instances already carry the cluster and token tags, so the controller's
 * garbage collector finds them.
 */
final class FleetLauncher {
  private static final Logger LOG = LoggerFactory.getLogger(FleetLauncher.class);
  private final Ec2Api api;
  private final AwsSettings settings;
  private final PlacementGroups groups;
  private final Consumer<List<String>> terminate;
  private final Ec2Reservations reservations;
  private final Clock clock;

  FleetLauncher(
      Ec2Api api,
      AwsSettings settings,
      PlacementGroups groups,
      Consumer<List<String>> terminate,
      Ec2Reservations reservations,
      Clock clock) {
    this.api = api;
    this.settings = settings;
    this.groups = groups;
    this.terminate = terminate;
    this.reservations = reservations;
    this.clock = clock;
  }

  LaunchResult launch(LaunchRequest request) {
    OfferingKey key = request.offering().key();
    List<String> nodes = request.nodeNames();
    Optional<ProviderError> refused = refuse(key);
    if (refused.isPresent()) {
      return LaunchResult.failure(key, nodes, refused.get());
    }
    boolean reserved = key.capacityType() == CapacityType.RESERVED;
    Optional<String> group =
        settings.placementGroups() && nodes.size() > 1 && !reserved
            ? Optional.of(PlacementGroups.name(request.cluster(), request.clientToken()))
            : Optional.empty();
    List<String> ids = List.of();
    try {
      group.ifPresent(g -> groups.create(request.cluster(), g));
      LaunchCall how = reserved ? intoReservation(request) : fleet(request, group);
      LaunchCall.Launched fleet = null;
      for (int generation = 0; fleet == null; generation++) {
        if (generation == FleetGenerations.MAX) {
          return LaunchResult.failure(key, nodes, fleetsGone(request));
        }
        String token = FleetGenerations.token(request.clientToken(), generation);
        LaunchCall.Launched answer = how.call(token);
        ids = answer.ids();
        fleet = liveOrReplaced(answer, ids, token);
        if (fleet == null) {
          ids = List.of();
        }
      }
      if (reserved) {
        reservations.invalidate(); // its available count changed
      }
      if (ids.size() < nodes.size() && request.allOrNothing()) {
        ProviderError why = shortfall(fleet, ids.size(), nodes.size());
        rollBack(ids);
        ids = List.of();
        return LaunchResult.failure(key, nodes, why);
      }
      return bind(request, ids, fleet);
    } catch (ProviderException e) {
      if (e.error() instanceof ProviderError.ReservationClosed) {
        reservations.invalidate(); // the planner should see the reservation as EC2 now has it
      }
      return LaunchResult.failure(key, nodes, e.error());
    } catch (RuntimeException e) {
      // launch never throws: a bug or an SDK surprise is reported as data, with what happened.
      LOG.error("launch of {} failed unexpectedly", nodes, e);
      return LaunchResult.failure(
          key,
          nodes,
          new ProviderError.InvalidRequest(
              e.getClass().getSimpleName(), String.valueOf(e.getMessage())));
    } finally {
      boolean empty = ids.isEmpty();
      group.ifPresent(g -> groups.released(g, empty));
    }
  }

  private LaunchCall fleet(LaunchRequest request, Optional<String> group) {
    String zone = request.offering().key().zone();
    return LaunchCall.fleet(
        api, FleetRequests.build(request, settings, settings.subnetsOf(zone), group, false));
  }

  /** RunInstances into the offering's reservation, a Capacity Block's with its market type. */
  private LaunchCall intoReservation(LaunchRequest request) {
    OfferingKey key = request.offering().key();
    boolean block = reservations.isBlock(key.reservation()).orElse(false);
    String subnet = settings.subnetsOf(key.zone()).get(0);
    return LaunchCall.reserved(
        api, ReservedRuns.build(request, settings, subnet, block), key.reservation());
  }

  /**
   * The fleet if none of its instances is gone; otherwise null, after terminating what is left of
   * it (it belongs to this launch, which the next generation's fleet replaces whole).
   */
  private LaunchCall.Launched liveOrReplaced(
      LaunchCall.Launched fleet, List<String> ids, String token) {
    if (ids.isEmpty()) {
      return fleet;
    }
    Set<String> gone = FleetGenerations.gone(api, ids);
    if (gone.isEmpty()) {
      return fleet;
    }
    LOG.info(
        "the fleet of client token {} holds terminated instances {}: launching under the next"
            + " token",
        token,
        gone);
    rollBack(ids.stream().filter(id -> !gone.contains(id)).toList());
    return null;
  }

  private static ProviderError fleetsGone(LaunchRequest request) {
    return new ProviderError.Transient(
        "FleetsGone",
        "the fleets of client token "
            + request.clientToken()
            + " and its "
            + (FleetGenerations.MAX - 1)
            + " next generations all hold terminated instances");
  }

  private Optional<ProviderError> refuse(OfferingKey key) {
    if (!key.provider().equals(AwsSettings.PROVIDER) || !key.region().equals(settings.region())) {
      return Optional.of(
          new ProviderError.InvalidRequest(
              "UnknownOffering", key + " is not in this provider's region " + settings.region()));
    }
    if (settings.subnetsOf(key.zone()).isEmpty()) {
      return Optional.of(
          new ProviderError.InvalidRequest(
              "NoSubnet", "providers.aws.subnets names no subnet for zone '" + key.zone() + "'"));
    }
    return Optional.empty();
  }

  /** Tags each bound instance with its node; extra instances (never expected) are terminated. */
  private LaunchResult bind(LaunchRequest request, List<String> ids, LaunchCall.Launched fleet) {
    List<String> nodes = request.nodeNames();
    List<Instance> launched = new ArrayList<>();
    List<String> failedNodes = new ArrayList<>();
    List<String> unbound = new ArrayList<>();
    ProviderError failure = null;
    for (int i = 0; i < ids.size(); i++) {
      String id = ids.get(i);
      if (i >= nodes.size()) {
        unbound.add(id);
        continue;
      }
      String node = nodes.get(i);
      try {
        api.call(
            "CreateTags",
            ec2 ->
                ec2.createTags(
                    r ->
                        r.resources(id)
                            .tags(FleetRequests.tags(Map.of(Tags.NODE, node, "Name", node)))));
        launched.add(
            new Instance(
                id,
                request.offering().key(),
                InstanceState.PENDING,
                clock.instant(),
                "",
                request.tagsFor(node)));
      } catch (ProviderException e) {
        if (e.error().recovery() != Recovery.RETRY_LATER) {
          unbound.add(id); // a replay cannot tag it either
        }
        failedNodes.add(node);
        failure = e.error();
      }
    }
    if (!unbound.isEmpty()) {
      rollBack(unbound);
    }
    if (request.allOrNothing() && !failedNodes.isEmpty()) {
      if (failure.recovery() == Recovery.RETRY_LATER) {
        // Keep them: the replay of this request sends the same client token, gets the same fleet
        // answer and tags the same instances. Terminating them here would make every replay bind
        // terminated instances, so the request could never be served; if no replay comes, they
        // carry the cluster tag and the garbage collector takes them after the orphan grace.
        return LaunchResult.failure(request.offering().key(), nodes, failure);
      }
      rollBack(launched.stream().map(Instance::id).toList());
      return LaunchResult.failure(request.offering().key(), nodes, failure);
    }
    List<LaunchResult.Failure> failures = new ArrayList<>();
    if (!failedNodes.isEmpty()) {
      failures.add(new LaunchResult.Failure(request.offering().key(), failedNodes, failure));
    }
    if (ids.size() < nodes.size()) {
      failures.add(
          new LaunchResult.Failure(
              request.offering().key(),
              nodes.subList(ids.size(), nodes.size()),
              shortfall(fleet, ids.size(), nodes.size())));
    }
    return new LaunchResult(launched, failures);
  }

  /**
   * Terminates what must not stay. A failure here is logged, not reported: the instances carry the
   * cluster tag, so the controller's garbage collector terminates them on a later pass.
   */
  private void rollBack(List<String> ids) {
    if (ids.isEmpty()) {
      return;
    }
    try {
      terminate.accept(ids);
    } catch (ProviderException e) {
      LOG.warn(
          "could not roll back instances {}: {}; the garbage collector will", ids, e.getMessage());
    }
  }

  /** Why the launch fell short: EC2's own error, else a capacity shortfall of our own. */
  static ProviderError shortfall(LaunchCall.Launched fleet, int got, int wanted) {
    if (fleet.shortfall() != null) {
      return fleet.shortfall();
    }
    return new ProviderError.InsufficientCapacity(
        "UnfulfilledCapacity", "EC2 Fleet launched " + got + " of " + wanted + " instances");
  }
}
