package dev.stratus.core.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stratus.api.model.Pool;
import dev.stratus.api.spi.NodeUserData;
import dev.stratus.api.spi.VaultSettings;
import dev.stratus.core.config.GpuHealthSettings;
import dev.stratus.core.config.NodeBootstrap;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.config.VaultKey;
import dev.stratus.templates.CloudInitView;
import dev.stratus.wire.NodeKeys;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pure mapping from the config to one {@link CloudInitView} per cloud ({@code aws}, {@code gcp},
 * {@code azure}, {@code oci}, {@code lambda}) that serves a pool. The node agent's settings follow
 * node-bootstrap's {@code AgentSettings} JSON: the key source is Vault, logged in with the node's
 * cloud identity ({@code aws-iam}, {@code gcp}, {@code azure}, {@code oci}: Vault's OCI method with
 * the instance principal) or with AppRole through {@value #WRAPPING_TOKEN_FILE}. Lambda instances
 * have no identity Vault can check, so Lambda nodes always log in with AppRole (the controller's
 * {@code vault:} block issues their wrapping tokens). GPUs are checked with nvidia-smi against the
 * pool's model and count (MIG types and ECC as the pool says); the node owns the machine (no
 * private namespaces). OCI and Lambda nodes run no notice watcher: neither cloud announces a
 * reclaim through a metadata service.
 */
public final class CloudInitViews {
  /** Where an AppRole node finds its wrapping token (0400); the agent deletes it. */
  public static final String WRAPPING_TOKEN_FILE = "/run/stratus/vault-wrap";

  /** Where an AppRole node finds the wrapping token of its signing key (0400). */
  public static final String NODE_KEY_WRAP_FILE = "/run/stratus/node-key-wrap";

  static final String NODE_DIR = "/var/lib/stratus/node";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, String> CLOUD_LOGIN =
      Map.of("aws", "aws-iam", "gcp", "gcp", "azure", "azure", "oci", "oci");
  private static final List<String> CLOUDS = List.of("aws", "gcp", "azure", "oci", "lambda");
  private static final List<String> WATCHED = List.of("aws", "gcp", "azure");

  private CloudInitViews() {}

  /**
   * The AppRole the controller issues secret-ids for; a cloud that needs it without it is named.
   */
  private static String controllerRoleId(StratusConfig config, String cloud) {
    return config
        .vault()
        .map(VaultSettings::roleId)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "pools on "
                        + cloud
                        + " need the top-level vault: block: "
                        + cloud
                        + " nodes have no cloud identity Vault can check, so they log in with"
                        + " AppRole and a wrapping token the controller issues per node"));
  }

  public static Map<String, CloudInitView> of(StratusConfig config, NodeBootstrap bootstrap) {
    Map<String, CloudInitView> views = new LinkedHashMap<>();
    for (String cloud : CLOUDS) {
      List<CloudInitView.PoolSettings> pools = new ArrayList<>();
      for (Pool pool : config.pools()) {
        if (pool.offerings().stream().anyMatch(o -> o.provider().equals(cloud))) {
          pools.add(
              new CloudInitView.PoolSettings(
                  pool.name(),
                  agentSettings(config, bootstrap, cloud, pool),
                  healthArgs(config, pool)));
        }
      }
      if (!pools.isEmpty()) {
        views.put(cloud, view(config, bootstrap, cloud, pools));
      }
    }
    return views;
  }

  private static CloudInitView view(
      StratusConfig config, NodeBootstrap b, String cloud, List<CloudInitView.PoolSettings> pools) {
    List<String> packages = new ArrayList<>(b.packages());
    if (!b.agentPackage().isEmpty()) {
      packages.add(b.agentPackage());
    }
    boolean approle = approle(b, cloud);
    return new CloudInitView(
        cloud,
        config.cluster(),
        packages,
        b.agentUrl(),
        b.agentSha256(),
        b.installDir(),
        pools,
        WATCHED.contains(cloud) ? b.noticeUrl() : "",
        approle ? WRAPPING_TOKEN_FILE : "",
        NodeUserData.WRAPPING_TOKEN_SLOT,
        approle ? NODE_KEY_WRAP_FILE : "",
        NodeUserData.NODE_KEY_TOKEN_SLOT,
        b.controllerCa().isEmpty() ? List.of() : b.controllerCa().lines().toList());
  }

  /** One pool's agent settings, one line of JSON; node name and address are slots. */
  static String agentSettings(StratusConfig config, NodeBootstrap b, String cloud, Pool pool) {
    ObjectNode root = JSON.createObjectNode();
    root.put("nodeName", CloudInitView.NODE_NAME_SLOT);
    root.put("address", CloudInitView.ADDRESS_SLOT);
    if (b.configless()) {
      root.put("confServer", b.confServer());
    } else {
      root.put("slurmConf", b.slurmConf());
    }
    root.put("sbinDir", "/usr/sbin");
    root.put("binDir", "/usr/bin");
    root.set("mungeKeySource", keySource(config, b, cloud));
    root.put("mungeSocket", config.slurm().mungeSocket().toString());
    root.put("nodeDir", NODE_DIR);
    // Slurm counts MIG instances as the node's GPUs; the agent's check does too.
    root.put("gpuCount", pool.gresTypes().values().stream().mapToInt(Integer::intValue).sum());
    root.put("deviceDir", "/dev");
    root.put("statusFile", NODE_DIR + "/status");
    root.put("privateNamespaces", false);
    // The munge package installs the munge user: munged runs as it and owns the key, not root.
    root.put("mungeUser", "munge");
    if (!b.noticeUrl().isEmpty()) {
      // The controller's bootstrap endpoint lives beside its notice endpoint: a node that refuses
      // itself (GPUs, munge key) is set DOWN with its reason at once instead of timing out.
      root.put("reportUrl", URI.create(b.noticeUrl()).resolve("/v1/bootstrap").toString());
    }
    root.set("nodeKey", nodeKey(approle(b, cloud), config.cluster()));
    if (!b.controllerCa().isEmpty()) {
      root.put("controllerCaFile", CloudInitView.CONTROLLER_CA_FILE);
    }
    root.set("gpuCheck", gpuCheck(pool));
    GpuHealthSettings health = config.gpuHealth(pool.name());
    if (health.level() > 0) {
      // the admission check before slurmd: nvidia-smi, dcgmi and /dev/kmsg where a GPU image has
      // them
      root.putObject("gpuHealth")
          .put("level", health.level())
          .put("timeoutSeconds", Math.max(1, health.timeout().toSeconds()))
          .put("diagLevel", health.diagLevel());
    }
    return root.toString();
  }

  /** The pool's GPU health watcher: its poll interval and the node's GPU count. */
  private static String healthArgs(StratusConfig config, Pool pool) {
    return "--interval-ms "
        + config.gpuHealth(pool.name()).watchInterval().toMillis()
        + " --gpus "
        + pool.gresTypes().values().stream().mapToInt(Integer::intValue).sum();
  }

  /**
   * Where the node's signing key comes from: AppRole nodes unwrap it from their second token;
   * cloud-login nodes read it in Vault where the controller files it under the instance's name
   * ({@link NodeKeys#vaultPath}), which the start script puts in for the slot.
   */
  private static ObjectNode nodeKey(boolean approle, String cluster) {
    ObjectNode o = JSON.createObjectNode();
    if (approle) {
      return o.put("type", "wrapped").put("wrappingTokenFile", NODE_KEY_WRAP_FILE);
    }
    return o.put("type", "vault")
        .put("kvPath", NodeKeys.vaultPath(cluster, CloudInitView.INSTANCE_SLOT));
  }

  /** nvidia-smi against the pool's model, its MIG types (Gres type to count) and ECC wish. */
  private static ObjectNode gpuCheck(Pool pool) {
    ObjectNode check =
        JSON.createObjectNode().put("type", "nvidia-smi").put("gpuType", pool.gpuModel());
    if (pool.gpuOptions().mig()) {
      ObjectNode mig = check.putObject("mig");
      pool.gresTypes().forEach(mig::put);
    }
    return check.put("requireEcc", pool.gpuOptions().requireEcc());
  }

  /** Lambda nodes have no cloud identity: AppRole always. */
  private static boolean approle(NodeBootstrap b, String cloud) {
    return b.vault().auth() == VaultKey.Auth.APPROLE || cloud.equals("lambda");
  }

  private static ObjectNode keySource(StratusConfig config, NodeBootstrap b, String cloud) {
    VaultKey v = b.vault();
    ObjectNode o = JSON.createObjectNode();
    o.put("type", "vault");
    o.put("address", v.address());
    o.put("kvMount", v.kvMount());
    o.put("kvPath", v.kvPath());
    o.put("field", v.field());
    if (approle(b, cloud)) {
      o.put("auth", "approle");
      o.put("roleId", v.roleId().isBlank() ? controllerRoleId(config, cloud) : v.roleId());
      o.put("wrappingTokenFile", WRAPPING_TOKEN_FILE);
    } else {
      o.put("auth", CLOUD_LOGIN.get(cloud));
      o.put("role", v.role());
      if (cloud.equals("aws") && !v.awsServerIdHeader().isEmpty()) {
        o.put("serverIdHeader", v.awsServerIdHeader());
      }
      if (cloud.equals("azure") && !v.azureResource().isEmpty()) {
        o.put("resource", v.azureResource());
      }
    }
    if (!v.caCertFile().isEmpty()) {
      o.put("caCertFile", v.caCertFile());
    }
    return o;
  }
}
