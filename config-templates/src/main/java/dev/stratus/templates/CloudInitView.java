package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.text;
import static dev.stratus.templates.ViewChecks.word;

import java.net.URI;
import java.util.List;
import java.util.Set;

/**
 * One cloud's cloud-init user-data ({@code #cloud-config}, {@link Templates#CLOUD_INIT}): install
 * Java and the node agent, write the agent's settings per pool, start the agent and the notice
 * watcher. A node finds its Slurm name and address in its cloud's metadata service and puts them
 * where the settings say {@value #NODE_NAME_SLOT} and {@value #ADDRESS_SLOT}, then runs the
 * settings of its pool ({@code <pool>-NNN} → {@code /etc/stratus/agent-<pool>.json}).
 *
 * <p>No secret goes in: with a cloud-identity login there is none (the node reads its signing key
 * from Vault after its login, at a path named by {@value #INSTANCE_SLOT}, which the start script
 * fills with the instance's name in the metadata service); with AppRole the only credentials are
 * two single-use, short-lived Vault wrapping tokens, written to {@code wrappingTokenFile} and
 * {@code nodeKeyTokenFile} (0400, the agent deletes them after reading). {@code stratus config
 * render} writes {@code tokenSlot} and {@code nodeKeyTokenSlot} there, the only places the slots
 * appear whole in the rendered file; the provider that launches a node replaces them with that
 * node's fresh tokens, and a node that still finds a slot stops with that message. The slots' text
 * is the provider SPI's (elastic-core's {@code NodeUserData}), which passes it here: the templates
 * know no provider. The controller's CA certificate, when its endpoint speaks TLS, is public and
 * goes in whole ({@code controllerCa}, one line of PEM per element).
 *
 * @param cloud {@code aws}, {@code gcp}, {@code azure}, {@code oci} or {@code lambda}: picks how a
 *     node reads its name and address (a Lambda node finds its name where the launcher wrote it)
 * @param agentUrl https URL of the agent archive, or "" when a package in {@code packages} installs
 *     {@code <installDir>/lib}
 * @param pools one settings JSON (one line) per pool the cloud serves
 * @param noticeUrl the controller's notice endpoint for the watcher, or "" for no watcher
 * @param wrappingTokenFile "" unless the nodes log in with AppRole
 * @param tokenSlot the text a provider replaces with a node's wrapping token
 * @param nodeKeyTokenFile "" unless the nodes log in with AppRole: where the wrapping token of the
 *     node's signing key goes
 * @param nodeKeyTokenSlot the text a provider replaces with that token
 * @param controllerCa the PEM lines of the CA the nodes trust for an https {@code noticeUrl}; empty
 *     for none
 */
public record CloudInitView(
    String cloud,
    String cluster,
    List<String> packages,
    String agentUrl,
    String agentSha256,
    String installDir,
    List<PoolSettings> pools,
    String noticeUrl,
    String wrappingTokenFile,
    String tokenSlot,
    String nodeKeyTokenFile,
    String nodeKeyTokenSlot,
    List<String> controllerCa) {
  public static final String NODE_NAME_SLOT = "@NODE_NAME@";
  public static final String ADDRESS_SLOT = "@ADDRESS@";
  public static final String INSTANCE_SLOT = "@INSTANCE@";

  /** Where a node keeps its signing key once its agent has it; the watcher reads it there. */
  public static final String NODE_KEY_FILE = "/var/lib/stratus/node/keys/node.key";

  /** Where the controller's CA certificate goes on the nodes. */
  public static final String CONTROLLER_CA_FILE = "/etc/stratus/controller-ca.pem";

  public static final Set<String> CLOUDS = Set.of("aws", "gcp", "azure", "oci", "lambda");

  /**
   * The agent settings for the nodes of one pool, as one line of JSON, and the pool's arguments for
   * the GPU health watcher ({@code --interval-ms N --gpus N}).
   */
  public record PoolSettings(String pool, String json, String healthArgs) {
    public PoolSettings {
      word("pool", pool);
      word("json", json);
      if (healthArgs == null || !healthArgs.matches("[A-Za-z0-9 ._-]*")) {
        throw new IllegalArgumentException(
            "healthArgs must be plain words, got '" + healthArgs + "'");
      }
    }
  }

  /**
   * The controller's base URL (the notice endpoint's scheme and authority): the GPU health watcher
   * POSTs to {@code /v1/health} there. Empty without a notice endpoint.
   */
  public String controllerUrl() {
    if (noticeUrl.isEmpty()) {
      return "";
    }
    URI u = URI.create(noticeUrl);
    return u.getScheme() + "://" + u.getRawAuthority();
  }

  public CloudInitView {
    if (!CLOUDS.contains(cloud)) {
      throw new IllegalArgumentException("cloud must be one of " + CLOUDS + ", got " + cloud);
    }
    word("cluster", cluster);
    packages = List.copyOf(packages);
    text("agentUrl", agentUrl);
    text("agentSha256", agentSha256);
    word("installDir", installDir);
    pools = List.copyOf(pools);
    if (pools.isEmpty()) {
      throw new IllegalArgumentException("cloud-init for " + cloud + " needs at least one pool");
    }
    text("noticeUrl", noticeUrl);
    text("wrappingTokenFile", wrappingTokenFile);
    word("tokenSlot", tokenSlot);
    if (tokenSlot.length() < 2) {
      throw new IllegalArgumentException("tokenSlot must be cut in two, got '" + tokenSlot + "'");
    }
    text("nodeKeyTokenFile", nodeKeyTokenFile);
    word("nodeKeyTokenSlot", nodeKeyTokenSlot);
    if (nodeKeyTokenSlot.length() < 2
        || nodeKeyTokenFile.isEmpty() != wrappingTokenFile.isEmpty()) {
      throw new IllegalArgumentException(
          "nodeKeyTokenFile comes with wrappingTokenFile, and its slot must be cut in two");
    }
    controllerCa = List.copyOf(controllerCa);
    controllerCa.forEach(line -> text("controllerCa", line));
  }

  /** For the templates: the placeholders a node fills in and checks. */
  public String nodeNameSlot() {
    return NODE_NAME_SLOT;
  }

  public String addressSlot() {
    return ADDRESS_SLOT;
  }

  public String instanceSlot() {
    return INSTANCE_SLOT;
  }

  public String nodeKeyFile() {
    return NODE_KEY_FILE;
  }

  /** The CA file's path on the nodes, or "" when there is none. */
  public String controllerCaFile() {
    return controllerCa.isEmpty() ? "" : CONTROLLER_CA_FILE;
  }

  /**
   * The slot cut in two, for the node's own check ({@code grep '<head>''<tail>'}): the check must
   * not contain the slot whole, or filling the slot with the token would rewrite the check too.
   */
  public String tokenSlotHead() {
    return tokenSlot.substring(0, tokenSlot.length() / 2);
  }

  public String tokenSlotTail() {
    return tokenSlot.substring(tokenSlot.length() / 2);
  }

  public String nodeKeyTokenSlotHead() {
    return nodeKeyTokenSlot.substring(0, nodeKeyTokenSlot.length() / 2);
  }

  public String nodeKeyTokenSlotTail() {
    return nodeKeyTokenSlot.substring(nodeKeyTokenSlot.length() / 2);
  }

  /** Which cloud's part the template includes ({@code cloud-init-<cloud>.mustache}). */
  public boolean aws() {
    return cloud.equals("aws");
  }

  public boolean gcp() {
    return cloud.equals("gcp");
  }

  public boolean azure() {
    return cloud.equals("azure");
  }

  public boolean oci() {
    return cloud.equals("oci");
  }

  public boolean lambda() {
    return cloud.equals("lambda");
  }

  @Override
  public String toString() {
    return "CloudInitView[cloud="
        + cloud
        + ", cluster="
        + cluster
        + ", pools="
        + pools.size()
        + "]";
  }
}
