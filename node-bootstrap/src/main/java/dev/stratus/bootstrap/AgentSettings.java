package dev.stratus.bootstrap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.bootstrap.gpu.GpuCheck;
import dev.stratus.bootstrap.gpu.GpuCheckJson;
import dev.stratus.bootstrap.secret.KeySourceJson;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the agent needs to turn a fresh node into a Slurm node, read from the JSON file given as
 * {@code --settings}. Every path must be absolute. The munge key is named only by its source (a
 * 0400 file, or Vault: {@link KeySourceJson}); the key itself never travels through settings, argv
 * or environment. With Vault/AppRole the settings may carry the single-use wrapping token (or name
 * a file holding it, which the agent deletes); records' {@code toString} never shows it.
 *
 * @param address the node's IP, passed to munged as {@code --origin}; empty when unknown
 * @param binDir where the {@code munge} client lives
 * @param privateNamespaces when true the agent refuses to set the hostname or mount anything unless
 *     it runs in its own UTS and mount namespaces (so a mistake can never rename or remount the
 *     host)
 * @param gpuCheck how GPUs are verified before slurmd starts ({@link GpuCheckJson}); device files
 *     when absent
 * @param checkController when true (the default) the agent proves slurmctld accepts the node's
 *     munge credential before starting slurmd ({@link ControllerAuth}); off only where no slurmctld
 *     runs (provider tests)
 * @param mungeUser the user munged runs as (e.g. {@code munge}, with a group of that name); the
 *     key, its directory and munged's directories are then owned by it. Empty: munged runs as the
 *     agent's own user (root), which the local provider's nodes do
 * @param reportUrl the controller's bootstrap endpoint ({@code http://HOST:PORT/v1/bootstrap});
 *     each status line is also POSTed there, so a cloud node that refuses itself is set DOWN with
 *     its reason at once instead of timing out; empty = status file only
 * @param slurmConf the rendered slurm.conf slurmd and the Slurm clients read ({@code SLURM_CONF});
 *     null when {@code confServer} is set
 * @param confServer {@code host[:port]} of slurmctld for a configless slurmd ({@code slurmd -b -N
 *     <node> --conf-server host:port}; slurmctld needs {@code
 *     SlurmctldParameters=enable_configless}), or "" to start slurmd from {@code slurmConf}.
 *     Exactly one of the two is given. See {@link Configless} for what else configless mode changes
 *     on the node
 */
public record AgentSettings(
    String nodeName,
    String address,
    Path slurmConf,
    Path sbinDir,
    Path binDir,
    KeySourceSpec mungeKeySource,
    Path mungeSocket,
    Path nodeDir,
    int gpuCount,
    Path deviceDir,
    Path statusFile,
    Duration mungeTimeout,
    boolean privateNamespaces,
    GpuCheck gpuCheck,
    boolean checkController,
    Optional<java.net.URI> reportUrl,
    String mungeUser,
    String confServer) {
  private static final Pattern NODE_NAME = Pattern.compile("[a-z][a-z0-9_-]{0,62}");
  private static final Pattern MUNGE_USER = Pattern.compile("[a-z_][a-z0-9_-]{0,31}");
  private static final Set<String> KNOWN =
      Set.of(
          "nodeName",
          "address",
          "slurmConf",
          "sbinDir",
          "binDir",
          "mungeKeySource",
          "mungeSocket",
          "nodeDir",
          "gpuCount",
          "deviceDir",
          "statusFile",
          "mungeTimeoutMillis",
          "privateNamespaces",
          "gpuCheck",
          "checkController",
          "reportUrl",
          "mungeUser",
          "confServer");

  public AgentSettings {
    if (nodeName == null || !NODE_NAME.matcher(nodeName).matches()) {
      throw new IllegalArgumentException(
          "nodeName '" + nodeName + "' must match " + NODE_NAME.pattern());
    }
    address = address == null ? "" : address;
    confServer = Configless.checkServer(confServer, slurmConf);
    if (confServer.isEmpty()) {
      absolute("slurmConf", slurmConf);
    }
    absolute("sbinDir", sbinDir);
    absolute("binDir", binDir);
    if (mungeKeySource == null) {
      throw new IllegalArgumentException("mungeKeySource must be set");
    }
    absolute("mungeSocket", mungeSocket);
    if (mungeSocket.getParent() == null || mungeSocket.getParent().getParent() == null) {
      throw new IllegalArgumentException(
          "mungeSocket " + mungeSocket + " must be a file in a directory other than /");
    }
    absolute("nodeDir", nodeDir);
    if (gpuCount < 0) {
      throw new IllegalArgumentException("gpuCount must be >= 0, got " + gpuCount);
    }
    absolute("deviceDir", deviceDir);
    absolute("statusFile", statusFile);
    if (mungeTimeout == null || mungeTimeout.isNegative() || mungeTimeout.isZero()) {
      throw new IllegalArgumentException("mungeTimeoutMillis must be > 0, got " + mungeTimeout);
    }
    gpuCheck = gpuCheck == null ? new GpuCheck.DeviceFiles() : gpuCheck;
    reportUrl = reportUrl == null ? Optional.empty() : reportUrl;
    reportUrl.ifPresent(AgentSettings::httpUrl);
    mungeUser = mungeUser == null ? "" : mungeUser;
    if (!mungeUser.isEmpty() && !MUNGE_USER.matcher(mungeUser).matches()) {
      throw new IllegalArgumentException(
          "mungeUser '" + mungeUser + "' must be a user name matching " + MUNGE_USER.pattern());
    }
    if (gpuCheck instanceof GpuCheck.NvidiaSmi smi
        && !smi.mig().isEmpty()
        && smi.migDeviceCount() != gpuCount) {
      throw new IllegalArgumentException(
          "gpuCount "
              + gpuCount
              + " must equal the number of MIG devices in gpuCheck.mig ("
              + smi.migDeviceCount()
              + "): Slurm counts MIG devices as GPUs");
    }
  }

  /**
   * The original form: the key from a 0400 file, GPUs checked by device files. The local provider
   * builds its settings with it.
   */
  public AgentSettings(
      String nodeName,
      String address,
      Path slurmConf,
      Path sbinDir,
      Path binDir,
      Path mungeKeyFile,
      Path mungeSocket,
      Path nodeDir,
      int gpuCount,
      Path deviceDir,
      Path statusFile,
      Duration mungeTimeout,
      boolean privateNamespaces) {
    this(
        nodeName,
        address,
        slurmConf,
        sbinDir,
        binDir,
        new KeySourceSpec.FileSource(mungeKeyFile),
        mungeSocket,
        nodeDir,
        gpuCount,
        deviceDir,
        statusFile,
        mungeTimeout,
        privateNamespaces,
        new GpuCheck.DeviceFiles(),
        true,
        Optional.empty(),
        "",
        "");
  }

  /** Parses the settings JSON; unknown keys are refused so a typo cannot silently fall back. */
  public static AgentSettings parse(String json) {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("settings are not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("settings must be a JSON object");
    }
    List<String> unknown = new ArrayList<>();
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!KNOWN.contains(key)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("unknown settings keys " + unknown + "; known: " + KNOWN);
    }
    return new AgentSettings(
        text(root, "nodeName").orElse(null),
        text(root, "address").orElse(""),
        path(root, "slurmConf"),
        path(root, "sbinDir"),
        text(root, "binDir").map(Path::of).orElse(Path.of("/usr/bin")),
        KeySourceJson.parse(root.get("mungeKeySource")),
        path(root, "mungeSocket"),
        path(root, "nodeDir"),
        integer(root, "gpuCount"),
        path(root, "deviceDir"),
        path(root, "statusFile"),
        Duration.ofMillis(
            root.has("mungeTimeoutMillis") ? integer(root, "mungeTimeoutMillis") : 10_000),
        !root.has("privateNamespaces") || bool(root, "privateNamespaces"),
        GpuCheckJson.parse(root.get("gpuCheck")),
        !root.has("checkController") || bool(root, "checkController"),
        text(root, "reportUrl").map(AgentSettings::uri),
        text(root, "mungeUser").orElse(""),
        text(root, "confServer").orElse(""));
  }

  /** The JSON that {@link #parse} reads back; the provider writes agent settings with it. */
  public String toJson() {
    var root = new ObjectMapper().createObjectNode();
    root.put("nodeName", nodeName);
    root.put("address", address);
    if (slurmConf != null) {
      root.put("slurmConf", slurmConf.toString());
    }
    if (!confServer.isEmpty()) {
      root.put("confServer", confServer);
    }
    root.put("sbinDir", sbinDir.toString());
    root.put("binDir", binDir.toString());
    root.set("mungeKeySource", KeySourceJson.write(mungeKeySource));
    root.put("mungeSocket", mungeSocket.toString());
    root.put("nodeDir", nodeDir.toString());
    root.put("gpuCount", gpuCount);
    root.put("deviceDir", deviceDir.toString());
    root.put("statusFile", statusFile.toString());
    root.put("mungeTimeoutMillis", mungeTimeout.toMillis());
    root.put("privateNamespaces", privateNamespaces);
    root.put("checkController", checkController);
    reportUrl.ifPresent(u -> root.put("reportUrl", u.toString()));
    if (!mungeUser.isEmpty()) {
      root.put("mungeUser", mungeUser);
    }
    if (!(gpuCheck instanceof GpuCheck.DeviceFiles)) {
      root.set("gpuCheck", GpuCheckJson.write(gpuCheck));
    }
    return root.toPrettyString();
  }

  /**
   * Checks a {@code confServer} value ({@code host[:port]}, or "" for none) the way these settings
   * will, for whoever writes them; returns it.
   */
  public static String checkConfServer(String value) {
    return Configless.checkServer(value, null);
  }

  /** True when slurmd fetches its configuration from slurmctld ({@code confServer}). */
  public boolean configless() {
    return !confServer.isEmpty();
  }

  /**
   * How Slurm programs find the configuration, plus PATH: {@code SLURM_CONF} for a rendered file,
   * {@code SLURM_CONF_SERVER} (which the 22.05 clients read to fetch it) in configless mode.
   */
  Map<String, String> slurmEnv() {
    return configless()
        ? Map.of(Configless.SERVER_ENV, confServer, "PATH", Agent.SYSTEM_PATH)
        : Map.of("SLURM_CONF", slurmConf.toString(), "PATH", Agent.SYSTEM_PATH);
  }

  /** Where the agent writes the node's copy of the munge key (directory 0700, file 0400). */
  public Path keyFile() {
    return nodeDir.resolve("keys").resolve("munge.key");
  }

  /** This node's own munged socket directory, bind-mounted over {@code mungeSocket}'s directory. */
  public Path nodeSocketDir() {
    return nodeDir.resolve("munge");
  }

  private static java.net.URI uri(String text) {
    try {
      return new java.net.URI(text);
    } catch (java.net.URISyntaxException e) {
      throw new IllegalArgumentException("reportUrl '" + text + "' is not a URL: " + e.getReason());
    }
  }

  private static void httpUrl(java.net.URI u) {
    if (!"http".equals(u.getScheme()) && !"https".equals(u.getScheme()) || u.getHost() == null) {
      throw new IllegalArgumentException(
          "reportUrl must be http(s)://HOST:PORT/v1/bootstrap, got '" + u + "'");
    }
  }

  private static void absolute(String field, Path value) {
    if (value == null) {
      throw new IllegalArgumentException(field + " must be set");
    }
    if (!value.isAbsolute()) {
      throw new IllegalArgumentException(field + " must be an absolute path, got '" + value + "'");
    }
  }

  private static Optional<String> text(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (n == null || n.isNull()) {
      return Optional.empty();
    }
    if (!n.isTextual()) {
      throw new IllegalArgumentException(field + " must be a string, got " + n);
    }
    return Optional.of(n.asText());
  }

  private static Path path(JsonNode root, String field) {
    return text(root, field).map(Path::of).orElse(null);
  }

  private static int integer(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (n == null || !n.canConvertToExactIntegral() || !n.canConvertToInt()) {
      throw new IllegalArgumentException(field + " must be an integer, got " + n);
    }
    return n.asInt();
  }

  private static boolean bool(JsonNode root, String field) {
    JsonNode n = root.get(field);
    if (!n.isBoolean()) {
      throw new IllegalArgumentException(field + " must be true or false, got " + n);
    }
    return n.asBoolean();
  }
}
