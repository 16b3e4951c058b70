package dev.stratus.provider.lambda;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Tags;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads of instances. The cluster's are those whose name carries its hash. Lambda's list may lag
 * behind a launch, so the provider's own launches of the last {@code memory} that the list leaves
 * out are asked for one by one (GetInstance knows them at once). Lambda reports no launch time: an
 * instance's is when this process first saw it (its launch, or the first list after a restart), so
 * the orphan grace of a restarted controller counts from the restart.
 */
final class LambdaQueries {
  private final LambdaApi api;
  private final Clock clock;
  private final Duration memory;
  private final Map<String, Instant> recent = new ConcurrentHashMap<>();
  private final Map<String, Instant> firstSeen = new ConcurrentHashMap<>();

  LambdaQueries(LambdaApi api, Duration memory, Clock clock) {
    this.api = api;
    this.memory = memory;
    this.clock = clock;
  }

  void launched(String id) {
    Instant now = clock.instant();
    firstSeen.putIfAbsent(id, now);
    recent.put(id, now.plus(memory));
  }

  void terminated(String id) {
    recent.remove(id);
  }

  List<Instance> byCluster(String cluster) {
    Map<String, Instance> found = new LinkedHashMap<>();
    for (LambdaJson.Instance i : api.call("ListInstances", LambdaClient::instances)) {
      if (LambdaNames.ofCluster(i.name(), cluster)) {
        map(i, cluster).filter(x -> x.state().alive()).ifPresent(x -> found.put(x.id(), x));
      }
    }
    Instant now = clock.instant();
    recent.values().removeIf(until -> !until.isAfter(now));
    for (String id : List.copyOf(recent.keySet())) {
      if (!found.containsKey(id)) {
        fetch(id)
            .filter(i -> LambdaNames.ofCluster(i.name(), cluster))
            .flatMap(i -> map(i, cluster))
            .filter(x -> x.state().alive())
            .ifPresent(x -> found.put(x.id(), x));
      }
    }
    return List.copyOf(found.values());
  }

  /** Empty for an id Lambda does not know, a malformed one and a terminated instance. */
  Optional<Instance> get(String id) {
    return fetch(id)
        .flatMap(i -> map(i, clusterTag(i).orElse(null)))
        .filter(x -> x.state().alive());
  }

  private Optional<LambdaJson.Instance> fetch(String id) {
    if (!LambdaNames.isInstanceId(id)) {
      return Optional.empty();
    }
    return api.call("GetInstance", c -> c.instance(id));
  }

  private Optional<Instance> map(LambdaJson.Instance i, String cluster) {
    Instant seen = firstSeen.computeIfAbsent(i.id(), x -> clock.instant());
    return LambdaInstances.toInstance(i, cluster, seen);
  }

  private static Optional<String> clusterTag(LambdaJson.Instance i) {
    String key = LambdaInstances.tagKey(Tags.CLUSTER);
    return i.tags() == null
        ? Optional.empty()
        : i.tags().stream().filter(t -> key.equals(t.key())).map(LambdaJson.Tag::value).findFirst();
  }
}
