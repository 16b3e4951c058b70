package dev.stratus.provider.oci;

import com.oracle.bmc.core.requests.LaunchInstanceRequest;
import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One launch: the instances an earlier launch with this token made are kept, a compute cluster is
 * ensured for a multi-node launch of a cluster-capable shape, then one LaunchInstance per missing
 * node with its retry token. OCI answers a reused token with different parameters (a restarted
 * controller's fresh wrapping token, say) with {@code 409 Conflict}: the instance the first call
 * made is then found by its tags and adopted. All-or-nothing stops at the first failure and
 * terminates what the launch holds (and deletes its compute cluster); otherwise failures are data
 * per node.
 */
final class OciLauncher {
  private static final Logger LOG = LoggerFactory.getLogger(OciLauncher.class);
  private final OciApi api;
  private final OciSettings settings;
  private final OciInstanceQueries queries;
  private final OciComputeClusters clusters;
  private final OciTerminator terminator;
  private final RecentLaunches recent;

  OciLauncher(
      OciApi api,
      OciSettings settings,
      OciInstanceQueries queries,
      OciComputeClusters clusters,
      OciTerminator terminator,
      RecentLaunches recent) {
    this.api = api;
    this.settings = settings;
    this.queries = queries;
    this.clusters = clusters;
    this.terminator = terminator;
    this.recent = recent;
  }

  LaunchResult launch(LaunchRequest req) {
    OfferingKey key = req.offering().key();
    Optional<ProviderError> refused = refuse(req);
    if (refused.isPresent()) {
      return LaunchResult.failure(key, req.nodeNames(), refused.get());
    }
    return LaunchResult.asData(
        key,
        req.nodeNames(),
        () -> attempt(req),
        e -> LOG.error("launch of {} failed unexpectedly", req.nodeNames(), e));
  }

  private LaunchResult attempt(LaunchRequest req) {
    Map<String, Instance> held = new LinkedHashMap<>(earlier(req));
    boolean clustered =
        settings.computeClusters()
            && req.nodeNames().size() > 1
            && OciCatalog.find(req.offering().key().instanceType())
                .map(OciCatalog.Shape::computeCluster)
                .orElse(false);
    Optional<String> computeCluster =
        clustered
            ? Optional.of(
                clusters.ensure(req.cluster(), req.clientToken(), req.offering().key().zone()))
            : Optional.empty();
    Map<String, ProviderError> failed = new LinkedHashMap<>();
    try {
      for (String node : req.nodeNames()) {
        if (held.containsKey(node)) {
          continue;
        }
        try {
          held.put(node, launchOne(req, node, computeCluster));
        } catch (ProviderException e) {
          failed.put(node, e.error());
          if (req.allOrNothing()) {
            break;
          }
        }
      }
    } finally {
      clusters.done(req.cluster(), req.clientToken());
    }
    return result(req, held, failed, computeCluster);
  }

  private LaunchResult result(
      LaunchRequest req,
      Map<String, Instance> held,
      Map<String, ProviderError> failed,
      Optional<String> computeCluster) {
    if (failed.isEmpty() || !req.allOrNothing()) {
      return LaunchResult.perNode(req.offering().key(), req.nodeNames(), held, failed);
    }
    rollBack(List.copyOf(held.values()));
    computeCluster.ifPresent(clusters::deleteQuietly);
    return LaunchResult.failure(
        req.offering().key(), req.nodeNames(), LaunchResult.mostTelling(failed.values()));
  }

  private Instance launchOne(LaunchRequest req, String node, Optional<String> computeCluster) {
    String token = OciNames.retryToken(req.cluster(), req.clientToken(), node);
    try {
      var r =
          api.compute(
              "LaunchInstance",
              c ->
                  c.launchInstance(
                      LaunchInstanceRequest.builder()
                          .opcRetryToken(token)
                          .launchInstanceDetails(
                              OciLaunchDetails.build(settings, req, node, computeCluster))
                          .build()),
              e -> forReservation(OciErrors.translate(e), req.offering().key()));
      Instance i =
          OciInstances.toInstance(
              settings.region(), r.getInstance(), settings.offeringReservations());
      recent.launched(i.id());
      return i;
    } catch (ProviderException e) {
      if (e.error().code().equals("Conflict")) {
        return adopt(req, node);
      }
      throw e;
    }
  }

  /**
   * The instance an earlier call with this retry token made. OCI's list may not show it yet, so
   * "not listed" is a transient step, retried with backoff like any throttled call.
   */
  private Instance adopt(LaunchRequest req, String node) {
    return api.step(
        "AdoptByRetryToken",
        () -> {
          Instance i = earlier(req).get(node);
          if (i == null) {
            throw new ProviderException(
                new ProviderError.Transient(
                    "NotListedYet",
                    "OCI refused a reused retry token for node "
                        + node
                        + " but lists no instance made with it yet"));
          }
          return i;
        });
  }

  /** The live instances of an earlier launch with this request's cluster and token, by node. */
  private Map<String, Instance> earlier(LaunchRequest req) {
    Map<String, Instance> byNode = new LinkedHashMap<>();
    for (Instance i : queries.byCluster(req.cluster())) {
      if (req.clientToken().equals(i.tags().get(Tags.TOKEN)) && i.state().alive()) {
        i.nodeName().ifPresent(n -> byNode.put(n, i));
      }
    }
    return byNode;
  }

  private Optional<ProviderError> refuse(LaunchRequest req) {
    OfferingKey key = req.offering().key();
    boolean configured =
        settings.offerings().stream()
            .anyMatch(
                o ->
                    o.key().equals(key)
                        || (key.capacityType() == CapacityType.RESERVED
                            && sameShapeAndAd(o.key(), key)));
    if (!configured) {
      return Optional.of(
          new ProviderError.InvalidRequest(
              "UnknownOffering", key + " is not among providers.oci.offerings"));
    }
    if (settings.wantsCredential()) {
      for (String node : req.nodeNames()) {
        if (req.credential(node).isEmpty()) {
          return Optional.of(
              new ProviderError.InvalidRequest(
                  "NoNodeCredential", NodeUserData.missingCredential(node)));
        }
      }
    }
    return Optional.empty();
  }

  /** A reserved offering launches a configured shape and AD into its reservation. */
  private static boolean sameShapeAndAd(OfferingKey configured, OfferingKey reserved) {
    return configured.region().equals(reserved.region())
        && configured.zone().equals(reserved.zone())
        && configured.instanceType().equals(reserved.instanceType());
  }

  /**
   * OCI's refusals of a launch into a reservation that cannot take it, as {@link
   * ProviderError.ReservationClosed} keeping OCI's code and message: not ACTIVE ({@code 409
   * IncorrectState}, not retried), gone ({@code RelatedResourceNotAuthorizedOrNotFound} naming the
   * reservation), or full (out of host capacity).
   */
  static ProviderError forReservation(ProviderError error, OfferingKey key) {
    if (key.capacityType() != CapacityType.RESERVED) {
      return error;
    }
    boolean closed =
        error instanceof ProviderError.InsufficientCapacity
            || error.code().equals("IncorrectState")
            || (error.code().equals("RelatedResourceNotAuthorizedOrNotFound")
                && error.message().toLowerCase(Locale.ROOT).contains("reservation"));
    return closed
        ? new ProviderError.ReservationClosed(error.code(), error.message(), key.reservation())
        : error;
  }

  /**
   * A failure here is logged: the instances carry the cluster tag, so garbage collection finds
   * them.
   */
  private void rollBack(List<Instance> instances) {
    try {
      terminator.terminate(instances.stream().map(Instance::id).toList());
    } catch (ProviderException e) {
      LOG.warn("could not roll back {}: {}; the garbage collector will", instances, e.getMessage());
    }
  }
}
