package dev.stratus.daemon.vault;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeCredentials.CredentialException;
import dev.stratus.api.spi.NodeKeyIssuer;
import dev.stratus.api.spi.VaultSettings;
import dev.stratus.wire.NodeKeys;
import io.github.jopenlibs.vault.Vault;
import io.github.jopenlibs.vault.VaultException;
import io.github.jopenlibs.vault.json.Json;
import io.github.jopenlibs.vault.response.LogicalResponse;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts each cloud-login node's signing key where only that node can read it: KV v2 at {@code
 * <kvMount>/data/stratus/node-keys/<cluster>/<instance>} ({@code {"node":..., "key": base64}}),
 * where {@code <instance>} is the name Vault's cloud login knows the instance by and a templated
 * policy hands each instance its own path: the EC2 instance id ({@code inferred_entity_id}), the
 * GCE instance name ({@code instance_name}), the Azure VM name ({@code vm_name}). Nodes launched in
 * batches with one user-data (EC2 CreateFleet, GCE bulkInsert) cannot carry a per-node wrapping
 * token, so their key goes this way, written as soon as the controller lists the instance (the
 * node's agent waits for it); the secret is deleted, all versions, once the instance is gone.
 */
public final class NodeKeyPublisher {
  private static final Logger log = LoggerFactory.getLogger(NodeKeyPublisher.class);

  private final VaultSettings settings;
  private final ControllerVault vault;
  private final NodeKeyIssuer keys;
  private final String cluster;
  private final Map<String, String> published = new HashMap<>();

  public NodeKeyPublisher(VaultSettings settings, NodeKeyIssuer keys, String cluster) {
    this.settings = settings;
    this.vault = new ControllerVault(settings);
    this.keys = keys;
    this.cluster = cluster;
  }

  /** The name Vault's cloud login knows {@code i} by: a GCE id is {@code <zone>/<name>}. */
  public static String vaultName(Instance i) {
    String id = i.id();
    return i.provider().equals("gcp") ? id.substring(id.lastIndexOf('/') + 1) : id;
  }

  /**
   * Writes the key of every live node instance in {@code instances} not written yet, and deletes
   * those of instances written before and gone now. One failure is reported and the rest tried
   * again on the next call.
   */
  public synchronized void publish(List<Instance> instances) throws CredentialException {
    Set<String> live = new HashSet<>();
    Vault client = vault.client();
    for (Instance i : instances) {
      if (!i.state().alive() || i.nodeName().isEmpty() || i.clientToken().isEmpty()) {
        continue;
      }
      live.add(i.id());
      if (!published.containsKey(i.id())) {
        write(client, i);
        published.put(i.id(), vaultName(i));
      }
    }
    for (String gone : Set.copyOf(published.keySet())) {
      if (!live.contains(gone)) {
        delete(client, published.get(gone));
        published.remove(gone);
      }
    }
  }

  private void write(Vault client, Instance i) throws CredentialException {
    String node = i.nodeName().get();
    Optional<byte[]> key = keys.keyFor(node, i.clientToken().get());
    if (key.isEmpty()) {
      return;
    }
    String encoded = Base64.getEncoder().encodeToString(key.get());
    Arrays.fill(key.get(), (byte) 0);
    String target = settings.kvMount() + "/data/" + NodeKeys.vaultPath(cluster, vaultName(i));
    try {
      LogicalResponse r =
          client
              .logical()
              .write(target, Map.of("data", Json.object().add("node", node).add("key", encoded)));
      vault.expectSuccess("write the node key of " + node + " to " + target, r);
    } catch (VaultException e) {
      throw vault.failure("write the node key of " + node + " to " + target, e);
    }
    log.info("node key of {} ({}) written to {}", node, i.id(), target);
  }

  private void delete(Vault client, String name) throws CredentialException {
    String target = settings.kvMount() + "/metadata/" + NodeKeys.vaultPath(cluster, name);
    try {
      LogicalResponse r = client.logical().delete(target);
      vault.expectSuccess("delete the node key at " + target, r);
    } catch (VaultException e) {
      throw vault.failure("delete the node key at " + target, e);
    }
    log.info("node key of gone instance {} deleted from {}", name, target);
  }
}
