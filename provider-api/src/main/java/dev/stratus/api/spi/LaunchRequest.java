package dev.stratus.api.spi;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Launch one instance per node name, all in the given offering. {@code clientToken} makes the call
 * idempotent: a second launch with the same token returns the instances of the first and starts no
 * new one. {@code tags} must carry the cluster, pool and token tags; the provider adds the node tag
 * per instance. {@code allOrNothing}: when true, either every node gets an instance or none stays.
 * {@code credentials}: each node's single-use bootstrap credential when the munge key comes from
 * Vault (empty otherwise); a provider puts a node's credential into that node's user-data only.
 */
public record LaunchRequest(
    String cluster,
    String pool,
    Offering offering,
    List<String> nodeNames,
    String clientToken,
    Map<String, String> tags,
    boolean allOrNothing,
    Map<String, NodeCredential> credentials) {
  public LaunchRequest {
    notBlank("cluster", cluster);
    notBlank("pool", pool);
    notNull("offering", offering);
    nodeNames = List.copyOf(nodeNames);
    if (nodeNames.isEmpty()) {
      throw new IllegalArgumentException("a launch needs at least one node name");
    }
    if (new HashSet<>(nodeNames).size() != nodeNames.size()) {
      throw new IllegalArgumentException("duplicate node names in launch: " + nodeNames);
    }
    notBlank("clientToken", clientToken);
    if (clientToken.length() > 64) {
      throw new IllegalArgumentException("clientToken longer than 64 characters: " + clientToken);
    }
    tags = Map.copyOf(tags);
    for (String required : List.of(Tags.CLUSTER, Tags.POOL, Tags.TOKEN)) {
      if (!tags.containsKey(required)) {
        throw new IllegalArgumentException("launch tags lack " + required + ": " + tags);
      }
    }
    credentials = credentials == null ? Map.of() : Map.copyOf(credentials);
    if (!nodeNames.containsAll(credentials.keySet())) {
      throw new IllegalArgumentException(
          "credentials for nodes outside the launch: " + credentials.keySet());
    }
  }

  /** A launch whose nodes need no per-node credential. */
  public LaunchRequest(
      String cluster,
      String pool,
      Offering offering,
      List<String> nodeNames,
      String clientToken,
      Map<String, String> tags,
      boolean allOrNothing) {
    this(cluster, pool, offering, nodeNames, clientToken, tags, allOrNothing, Map.of());
  }

  /** The node's bootstrap credential, if the launch carries one for it. */
  public Optional<NodeCredential> credential(String nodeName) {
    return Optional.ofNullable(credentials.get(nodeName));
  }

  /** The tags one node's instance carries: the request's plus its node name. */
  public Map<String, String> tagsFor(String nodeName) {
    var all = new HashMap<>(tags);
    all.put(Tags.NODE, nodeName);
    return Map.copyOf(all);
  }
}
