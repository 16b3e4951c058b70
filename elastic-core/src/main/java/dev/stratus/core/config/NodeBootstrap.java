package dev.stratus.core.config;

import java.util.List;
import java.util.regex.Pattern;

/**
 * How a cloud node installs and starts the node agent: the {@code bootstrap:} block of
 * stratus.yaml, rendered by {@code stratus config render} into each cloud's cloud-init user-data.
 * It holds no secret: the munge key stays in Vault, and each node logs in with its own cloud
 * identity, or with AppRole through a single-use wrapping token that the controller adds per
 * launch. The values end up in a shell script, a systemd unit and YAML, so each is held to a narrow
 * pattern here instead of being quoted there.
 *
 * @param agentUrl https URL of a {@code .tar.gz} holding {@code lib/*.jar} (node-bootstrap and
 *     spot-handler with their dependencies), or "" when {@code agentPackage} installs them
 * @param agentSha256 the archive's SHA-256 (lower-case hex), checked before it is unpacked; "" with
 *     {@code agentPackage}
 * @param agentPackage a distribution package that installs {@code <installDir>/lib}, or ""
 * @param packages installed first: Java 17, munge, slurmd, curl
 * @param installDir where {@code lib/} is
 * @param slurmConf slurm.conf on the nodes; unused when {@code confServer} is set
 * @param noticeUrl the controller's notice endpoint ({@code spot.listen}); "" starts no watcher
 * @param confServer {@code host[:port]} of slurmctld as the nodes reach it: the nodes' slurmd run
 *     configless ({@code --conf-server}) and keep no slurm.conf; the rendered SlurmctldParameters
 *     then include {@code enable_configless}. "" for none
 * @param controllerCa the PEM text of the CA the nodes trust for the controller's https endpoint
 *     ({@code controllerCaFile}, read when stratus.yaml is loaded; public, no secret), or ""
 */
public record NodeBootstrap(
    String agentUrl,
    String agentSha256,
    String agentPackage,
    List<String> packages,
    String installDir,
    String slurmConf,
    String noticeUrl,
    VaultKey vault,
    String confServer,
    String controllerCa) {
  static final Pattern AGENT_URL =
      Pattern.compile("https://[A-Za-z0-9.-]+(:\\d{1,5})?(/[^\\s'\\\\]*)?");
  static final Pattern NOTICE_URL =
      Pattern.compile("https?://[A-Za-z0-9.-]+(:\\d{1,5})?(/[A-Za-z0-9._~/-]*)?");
  static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
  static final Pattern PACKAGE = Pattern.compile("[a-z0-9][a-z0-9+.-]*");
  static final Pattern ABSOLUTE_PATH = Pattern.compile("/[A-Za-z0-9._/-]*");
  static final Pattern CONF_SERVER =
      Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]{0,252}[A-Za-z0-9])?(:([1-9][0-9]{0,4}))?");

  public NodeBootstrap {
    packages = List.copyOf(packages);
    if (agentUrl.isEmpty() == agentPackage.isEmpty()) {
      throw new IllegalArgumentException("give exactly one of agentUrl and agentPackage");
    }
    if (!agentUrl.isEmpty() && agentSha256.isEmpty()) {
      throw new IllegalArgumentException(
          "agentSha256 is required with agentUrl: nodes check the archive before unpacking it");
    }
    if (vault == null) {
      throw new IllegalArgumentException("vault is required: the munge key comes from Vault");
    }
    confServer = confServer == null ? "" : confServer;
    controllerCa = controllerCa == null ? "" : controllerCa;
  }

  /** True when the nodes' slurmd fetch their configuration from slurmctld. */
  public boolean configless() {
    return !confServer.isEmpty();
  }

  /** Per-field checks, each failing with what the value must look like. */
  static void agentUrl(String key, String v) {
    match(v, AGENT_URL, "an https URL without spaces, quotes or backslashes");
  }

  static void noticeUrl(String key, String v) {
    match(
        v,
        NOTICE_URL,
        "an http(s) URL of host, port and path only, e.g. http://10.0.0.5:8088/v1/notices");
  }

  static void sha256(String key, String v) {
    match(v, SHA256, "64 lower-case hex digits (sha256sum of the archive)");
  }

  static void packageName(String key, String v) {
    match(v, PACKAGE, "a package name like openjdk-17-jre-headless");
  }

  static void absolutePath(String key, String v) {
    match(v, ABSOLUTE_PATH, "an absolute path of letters, digits, '.', '_', '-' and '/'");
  }

  static void confServer(String key, String v) {
    var m = CONF_SERVER.matcher(v);
    if (!m.matches() || (m.group(3) != null && Integer.parseInt(m.group(3)) > 65535)) {
      throw new IllegalArgumentException(
          "must be host[:port] of slurmctld as the nodes reach it (port 1-65535), e.g."
              + " 10.0.0.5:6817, got '"
              + v
              + "'");
    }
  }

  static void match(String value, Pattern pattern, String what) {
    if (!pattern.matcher(value).matches()) {
      throw new IllegalArgumentException("must be " + what + ", got '" + value + "'");
    }
  }
}
