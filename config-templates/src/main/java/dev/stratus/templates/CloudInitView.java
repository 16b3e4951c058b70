package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.text;
import static dev.stratus.templates.ViewChecks.word;

import java.util.List;
import java.util.Set;

/**
 * One cloud's cloud-init user-data ({@code #cloud-config}, {@link Templates#CLOUD_INIT}): install
 * Java and the node agent, write the agent's settings per pool, start the agent and the notice
 * watcher. A node finds its Slurm name and address in its cloud's metadata service and puts them
 * where the settings say {@value #NODE_NAME_SLOT} and {@value #ADDRESS_SLOT}, then runs the
 * settings of its pool ({@code <pool>-NNN} → {@code /etc/stratus/agent-<pool>.json}).
 *
 * <p>No secret goes in: with a cloud-identity login there is none; with AppRole the only credential
 * is a single-use, short-lived Vault wrapping token written to {@code wrappingTokenFile} (0400, the
 * agent deletes it after reading). {@code stratus config render} writes {@code tokenSlot} there,
 * the only place the slot appears whole in the rendered file; the provider that launches a node
 * replaces it with that node's fresh token, and a node that still finds the slot stops with that
 * message. The slot's text is the provider SPI's (elastic-core's {@code NodeUserData}), which
 * passes it here: the templates know no provider.
 *
 * @param cloud {@code aws}, {@code gcp}, {@code azure}, {@code oci} or {@code lambda}: picks how a
 *     node reads its name and address (a Lambda node finds its name where the launcher wrote it)
 * @param agentUrl https URL of the agent archive, or "" when a package in {@code packages} installs
 *     {@code <installDir>/lib}
 * @param pools one settings JSON (one line) per pool the cloud serves
 * @param noticeUrl the controller's notice endpoint for the watcher, or "" for no watcher
 * @param wrappingTokenFile "" unless the nodes log in with AppRole
 * @param tokenSlot the text a provider replaces with a node's wrapping token
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
    String tokenSlot) {
  public static final String NODE_NAME_SLOT = "@NODE_NAME@";
  public static final String ADDRESS_SLOT = "@ADDRESS@";
  public static final Set<String> CLOUDS = Set.of("aws", "gcp", "azure", "oci", "lambda");

  /** The agent settings for the nodes of one pool, as one line of JSON. */
  public record PoolSettings(String pool, String json) {
    public PoolSettings {
      word("pool", pool);
      word("json", json);
    }
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
  }

  /** For the templates: the placeholders a node fills in and checks. */
  public String nodeNameSlot() {
    return NODE_NAME_SLOT;
  }

  public String addressSlot() {
    return ADDRESS_SLOT;
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
