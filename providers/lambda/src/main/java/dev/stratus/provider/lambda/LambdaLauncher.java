package dev.stratus.provider.lambda;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One launch: the instances named for this (cluster, token, node) are kept; for the others the
 * capacity probe is asked, then one launch of quantity 1 per node, named by {@link LambdaNames},
 * with its own user-data. A launch attempt retried after a transient failure (the first may have
 * landed) first looks for its name. All-or-nothing stops at the first failure and terminates what
 * the launch holds.
 */
final class LambdaLauncher {
  private static final Logger LOG = LoggerFactory.getLogger(LambdaLauncher.class);
  private final LambdaApi api;
  private final LambdaSettings settings;
  private final LambdaQueries queries;
  private final LambdaCapacity capacity;
  private final LambdaTerminator terminator;
  private final Clock clock;

  LambdaLauncher(
      LambdaApi api,
      LambdaSettings settings,
      LambdaQueries queries,
      LambdaCapacity capacity,
      LambdaTerminator terminator,
      Clock clock) {
    this.api = api;
    this.settings = settings;
    this.queries = queries;
    this.capacity = capacity;
    this.terminator = terminator;
    this.clock = clock;
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
    Map<String, Instance> held = earlier(req);
    Map<String, ProviderError> failed = new LinkedHashMap<>();
    List<String> missing = req.nodeNames().stream().filter(n -> !held.containsKey(n)).toList();
    Optional<ProviderError> noCapacity =
        missing.isEmpty() ? Optional.empty() : capacity.refuse(req.offering().key());
    for (String node : missing) {
      if (noCapacity.isPresent()) {
        failed.put(node, noCapacity.get());
        continue;
      }
      try {
        held.put(node, launchOne(req, node));
      } catch (ProviderException e) {
        failed.put(node, e.error());
        if (e.error() instanceof ProviderError.InsufficientCapacity) {
          capacity.invalidate();
        }
        if (req.allOrNothing()) {
          break;
        }
      }
    }
    if (failed.isEmpty() || !req.allOrNothing()) {
      return LaunchResult.perNode(req.offering().key(), req.nodeNames(), held, failed);
    }
    rollBack(List.copyOf(held.values()));
    return LaunchResult.failure(
        req.offering().key(), req.nodeNames(), LaunchResult.mostTelling(failed.values()));
  }

  private Instance launchOne(LaunchRequest req, String node) {
    OfferingKey key = req.offering().key();
    String name = LambdaNames.instanceName(req.cluster(), req.clientToken(), node);
    LambdaJson.LaunchBody body = LambdaLaunchBody.build(settings, req, node, name);
    AtomicInteger attempts = new AtomicInteger();
    String id =
        api.call(
            key.region(),
            "LaunchInstance",
            c -> {
              if (attempts.getAndIncrement() > 0) {
                Optional<Instance> landed =
                    earlier(req).values().stream()
                        .filter(i -> node.equals(i.nodeName().orElse(null)))
                        .findFirst();
                if (landed.isPresent()) {
                  return landed.get().id();
                }
              }
              List<String> ids = c.launch(body);
              if (ids.isEmpty()) {
                throw new LambdaApiException(
                    400, LambdaErrors.CAPACITY, "Lambda launched none of the 1 instance asked for");
              }
              return ids.get(0);
            });
    queries.launched(id);
    Map<String, String> tags = new LinkedHashMap<>(req.tagsFor(node));
    tags.put(LambdaInstances.NAME_TAG, name);
    return new Instance(id, key, InstanceState.PENDING, clock.instant(), "", tags);
  }

  /** The live instances an earlier launch with this request's cluster and token made, by node. */
  private Map<String, Instance> earlier(LaunchRequest req) {
    Map<String, Instance> byNode = new LinkedHashMap<>();
    String tokenHash = LambdaNames.hash(req.clientToken());
    for (Instance i : queries.byCluster(req.cluster())) {
      String node = i.nodeName().orElse("");
      boolean sameToken =
          LambdaNames.parse(i.tags().get(LambdaInstances.NAME_TAG))
              .map(p -> p.tokenHash().equals(tokenHash))
              .orElse(false);
      if (req.nodeNames().contains(node) && sameToken) {
        byNode.put(node, i);
      }
    }
    return byNode;
  }

  private Optional<ProviderError> refuse(LaunchRequest req) {
    OfferingKey key = req.offering().key();
    if (settings.offerings().stream().noneMatch(o -> o.key().equals(key))) {
      return Optional.of(
          new ProviderError.InvalidRequest(
              "UnknownOffering", key + " is not among providers.lambda.offerings"));
    }
    for (String node : req.nodeNames()) {
      if (!LambdaNames.fits(node)) {
        return Optional.of(
            new ProviderError.InvalidRequest(
                "UnnamableNode",
                "node "
                    + node
                    + " does not fit a Lambda instance name ([a-z0-9_-], at most "
                    + LambdaNames.MAX_NODE
                    + " characters)"));
      }
      if (settings.wantsCredential() && req.credential(node).isEmpty()) {
        return Optional.of(
            new ProviderError.InvalidRequest(
                "NoNodeCredential", NodeUserData.missingCredential(node)));
      }
    }
    return Optional.empty();
  }

  private void rollBack(List<Instance> instances) {
    try {
      terminator.terminate(instances.stream().map(Instance::id).toList());
    } catch (ProviderException e) {
      LOG.warn("could not roll back {}: {}; the garbage collector will", instances, e.getMessage());
    }
  }
}
