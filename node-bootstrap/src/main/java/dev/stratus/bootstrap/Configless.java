package dev.stratus.bootstrap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a configless node ({@link AgentSettings#confServer}) needs, as measured with Slurm 22.05.8:
 *
 * <ul>
 *   <li>slurmctld serves its files only with {@code SlurmctldParameters=enable_configless}; else
 *       the fetch answers "ConfigLess mode is disabled in slurm configuration."
 *   <li>slurmd and the clients fetch the configuration with a minimal one that names only the
 *       controller, so that first request goes through libmunge's default socket {@code
 *       /run/munge/munge.socket.2}, not the {@code AuthInfo} socket. The node's own munged must
 *       answer there too: its socket directory is also bind-mounted over {@code /run/munge}, with a
 *       {@code munge.socket.2} link when the socket has another name.
 *   <li>The clients ({@code sinfo} of the controller check, {@code scontrol show config} for
 *       slurmd's directories) fetch it when {@code SLURM_CONF_SERVER=host:port} is set, no {@code
 *       SLURM_CONF}, no {@code /etc/slurm/slurm.conf} and no {@code /run/slurm/conf/slurm.conf}.
 *   <li>slurmd caches the files in {@code <SlurmdSpoolDir>/conf-cache} and links {@code
 *       /run/slurm/conf} to it (the clients on the node read that link). It expands {@code %n} in
 *       SlurmdSpoolDir before it knows its node name unless given {@code -N}, so it is started with
 *       {@code -N <node>}. In private namespaces {@code /run/slurm} is the node's own directory, so
 *       the nodes of one machine do not overwrite each other's link (or the host's).
 * </ul>
 */
final class Configless {
  static final String SERVER_ENV = "SLURM_CONF_SERVER";

  /** libmunge's compiled-in socket (Debian's munge 0.5.15). */
  static final Path DEFAULT_MUNGE_SOCKET = Path.of("/run/munge/munge.socket.2");

  private static final Pattern SERVER =
      Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]{0,252}[A-Za-z0-9])?(:(\\d{1,5}))?");

  private Configless() {}

  /** A bind mount the munge-socket step makes: {@code source} appears at {@code target}. */
  record BindMount(Path source, Path target) {}

  /** {@code confServer} as given ("" for none), checked against {@code slurmConf}. */
  static String checkServer(String confServer, Path slurmConf) {
    if (confServer == null || confServer.isEmpty()) {
      return "";
    }
    if (slurmConf != null) {
      throw new IllegalArgumentException(
          "slurmConf and confServer are mutually exclusive: slurmConf starts slurmd from a"
              + " rendered file, confServer ("
              + confServer
              + ") fetches it from slurmctld; give one");
    }
    var m = SERVER.matcher(confServer);
    if (!m.matches() || (m.group(3) != null && !port(m.group(3)))) {
      throw new IllegalArgumentException(
          "confServer '"
              + confServer
              + "' must be host[:port] of slurmctld (its address and SlurmctldPort, port"
              + " 1-65535), e.g. 10.0.0.5:6817");
    }
    return confServer;
  }

  /** slurmd's arguments after the program: {@code -b}, plus the configless ones. */
  static List<String> slurmdArgs(AgentSettings s) {
    List<String> args = new ArrayList<>(List.of("-b"));
    if (s.configless()) {
      args.addAll(List.of("-N", s.nodeName(), "--conf-server", s.confServer()));
    }
    return args;
  }

  /**
   * The node's munged socket directory over the shared socket's directory, and in configless mode
   * also over {@code <runDir>/munge} and the node's own {@code run-slurm} over {@code
   * <runDir>/slurm} (private namespaces only). {@code runDir} is {@code /run} on a node.
   */
  static List<BindMount> mounts(AgentSettings s, Path runDir) {
    List<BindMount> mounts = new ArrayList<>();
    mounts.add(new BindMount(s.nodeSocketDir(), s.mungeSocket().getParent()));
    if (!s.configless()) {
      return mounts;
    }
    Path defaultDir = runDir.resolve("munge");
    if (!s.mungeSocket().getParent().equals(defaultDir)) {
      mounts.add(new BindMount(s.nodeSocketDir(), defaultDir));
    }
    if (s.privateNamespaces()) {
      mounts.add(new BindMount(runSlurm(s), runDir.resolve("slurm")));
    }
    return mounts;
  }

  /** The node's own {@code /run/slurm} (private namespaces), where slurmd links its cache. */
  static Path runSlurm(AgentSettings s) {
    return s.nodeDir().resolve("run-slurm");
  }

  /**
   * In configless mode, when the socket is not called {@code munge.socket.2}: the link to make in
   * the node's socket directory so that libmunge's default name reaches the node's munged.
   */
  static Optional<Path> socketLink(AgentSettings s) {
    Path name = s.mungeSocket().getFileName();
    if (!s.configless() || name.equals(DEFAULT_MUNGE_SOCKET.getFileName())) {
      return Optional.empty();
    }
    return Optional.of(s.nodeSocketDir().resolve(DEFAULT_MUNGE_SOCKET.getFileName()));
  }

  private static final Pattern MISSING_FILE =
      Pattern.compile("s_p_parse_file: cannot stat file (\\S+?):? No such file");

  /**
   * A command that timed out, explained by what it printed to {@code log}: a configuration file the
   * node does not have (an {@code Include} of slurmctld's slurm.conf, which configless mode does
   * not send), or else the last lines.
   */
  static StepFailedException explain(StepFailedException timeout, Path log) {
    String said = LogTail.of(log);
    var m = MISSING_FILE.matcher(said);
    if (m.find()) {
      return new StepFailedException(
          "slurm.conf names "
              + m.group(1)
              + ", which this node does not have; Slurm 22.05 does not send a configless node the"
              + " files slurm.conf Includes: put the file on the node or its lines into slurm.conf ("
              + timeout.getMessage()
              + said
              + ")");
    }
    return said.isEmpty() ? timeout : new StepFailedException(timeout.getMessage() + said);
  }

  /** True when a client's output says slurmctld does not serve configless nodes. */
  static boolean disabledOnController(String said) {
    return said.contains("ConfigLess mode is disabled");
  }

  private static boolean port(String digits) {
    int p = Integer.parseInt(digits);
    return p >= 1 && p <= 65535;
  }
}
