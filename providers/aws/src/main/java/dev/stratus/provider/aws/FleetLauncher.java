package dev.stratus.provider.aws;

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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.ec2.model.CreateFleetError;
import software.amazon.awssdk.services.ec2.model.CreateFleetInstance;
import software.amazon.awssdk.services.ec2.model.CreateFleetRequest;
import software.amazon.awssdk.services.ec2.model.CreateFleetResponse;

/**
 * One launch: (placement group) → CreateFleet instant → node tags → result as data.
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
  private final Clock clock;

  FleetLauncher(
      Ec2Api api,
      AwsSettings settings,
      PlacementGroups groups,
      Consumer<List<String>> terminate,
      Clock clock) {
    this.api = api;
    this.settings = settings;
    this.groups = groups;
    this.terminate = terminate;
    this.clock = clock;
  }

  LaunchResult launch(LaunchRequest request) {
    OfferingKey key = request.offering().key();
    List<String> nodes = request.nodeNames();
    Optional<ProviderError> refused = refuse(key);
    if (refused.isPresent()) {
      return LaunchResult.failure(key, nodes, refused.get());
    }
    Optional<String> group =
        settings.placementGroups() && nodes.size() > 1
            ? Optional.of(PlacementGroups.name(request.cluster(), request.clientToken()))
            : Optional.empty();
    List<String> ids = List.of();
    try {
      group.ifPresent(g -> groups.create(request.cluster(), g));
      CreateFleetRequest ask =
          FleetRequests.build(request, settings, settings.subnetsOf(key.zone()), group, false);
      CreateFleetResponse fleet = null;
      for (int generation = 0; fleet == null; generation++) {
        if (generation == FleetGenerations.MAX) {
          return LaunchResult.failure(key, nodes, fleetsGone(request));
        }
        CreateFleetRequest asked =
            ask.toBuilder()
                .clientToken(FleetGenerations.token(request.clientToken(), generation))
                .build();
        CreateFleetResponse answer = api.call("CreateFleet", ec2 -> ec2.createFleet(asked));
        ids = instanceIds(answer);
        fleet = liveOrReplaced(answer, ids, asked.clientToken());
        if (fleet == null) {
          ids = List.of();
        }
      }
      if (ids.size() < nodes.size() && request.allOrNothing()) {
        ProviderError why = shortfall(fleet, ids.size(), nodes.size());
        rollBack(ids);
        ids = List.of();
        return LaunchResult.failure(key, nodes, why);
      }
      return bind(request, ids, fleet);
    } catch (ProviderException e) {
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

  /**
   * The fleet if none of its instances is gone; otherwise null, after terminating what is left of
   * it (it belongs to this launch, which the next generation's fleet replaces whole).
   */
  private CreateFleetResponse liveOrReplaced(
      CreateFleetResponse fleet, List<String> ids, String token) {
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
  private LaunchResult bind(LaunchRequest request, List<String> ids, CreateFleetResponse fleet) {
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

  static List<String> instanceIds(CreateFleetResponse fleet) {
    LinkedHashSet<String> ids = new LinkedHashSet<>();
    for (CreateFleetInstance i : fleet.instances()) {
      ids.addAll(i.instanceIds());
    }
    return List.copyOf(ids);
  }

  /** Why the fleet fell short: EC2's first error item, else a capacity shortfall of our own. */
  static ProviderError shortfall(CreateFleetResponse fleet, int got, int wanted) {
    for (CreateFleetError e : fleet.errors()) {
      if (e.errorCode() != null) {
        return Ec2Errors.fleetItem(e.errorCode(), String.valueOf(e.errorMessage()));
      }
    }
    return new ProviderError.InsufficientCapacity(
        "UnfulfilledCapacity", "EC2 Fleet launched " + got + " of " + wanted + " instances");
  }
}
