package dev.stratus.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The agent of a configless node: slurmd and the Slurm clients get the configuration from
 * slurmctld.
 */
class ConfiglessAgentTest extends AgentHarness {
  static final String SERVER = "10.77.0.1:6817";

  @BeforeEach
  void configless() {
    AgentSettings s = settings;
    settings =
        new AgentSettings(
            s.nodeName(),
            s.address(),
            null,
            s.sbinDir(),
            s.binDir(),
            s.mungeKeySource(),
            s.mungeSocket(),
            s.nodeDir(),
            s.gpuCount(),
            s.deviceDir(),
            s.statusFile(),
            s.mungeTimeout(),
            s.privateNamespaces(),
            s.gpuCheck(),
            s.checkController(),
            s.reportUrl(),
            s.mungeUser(),
            SERVER,
            Optional.empty(),
            Optional.empty());
  }

  Command first(String program) {
    return commands.stream().filter(c -> c.program().endsWith(program)).findFirst().orElseThrow();
  }

  List<List<String>> mounts() {
    return commands.stream()
        .filter(c -> c.program().equals("/bin/mount"))
        .map(c -> c.argv().subList(2, 4))
        .toList();
  }

  /** What scontrol show config prints: slurmctld's slurmd paths. */
  Function<Command, Integer> slurmctldConfig(String lines) {
    return c -> {
      if (c.program().endsWith("/scontrol")) {
        try {
          Files.writeString(c.log(), lines);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return 0;
    };
  }

  @Test
  void slurmdFetchesItsConfigFromTheConfServerUnderItsOwnNodeNameWithOnlyPath() {
    assertThat(runAgent()).isTrue();

    Command slurmd = commands.get(commands.size() - 1);
    assertThat(slurmd.argv())
        .containsExactly("/usr/sbin/slurmd", "-b", "-N", "gpu-001", "--conf-server", SERVER);
    assertThat(slurmd.env()).isEqualTo(Map.of("PATH", Agent.SYSTEM_PATH));
  }

  @Test
  void theControllerCheckAsksThroughSlurmConfServerInsteadOfAFile() {
    runAgent();

    assertThat(first("/sinfo").env())
        .isEqualTo(Map.of("SLURM_CONF_SERVER", SERVER, "PATH", Agent.SYSTEM_PATH));
  }

  @Test
  void theNodesMungedAlsoAnswersOnLibmungesDefaultSocketAndSlurmdsCacheLinkStaysInTheNode()
      throws Exception {
    runAgent();

    Path own = settings.nodeSocketDir();
    assertThat(mounts())
        .containsExactly(
            List.of(own.toString(), dir.resolve("munge").toString()),
            List.of(own.toString(), dir.resolve("run/munge").toString()),
            List.of(
                settings.nodeDir().resolve("run-slurm").toString(),
                dir.resolve("run/slurm").toString()));
    Path link = own.resolve("munge.socket.2");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("munge.socket"));
  }

  @Test
  void slurmdsDirectoriesComeFromSlurmctldsOwnConfiguration() {
    exitCodes =
        slurmctldConfig(
            "SlurmdLogFile           = "
                + dir
                + "/fetched/%n/slurmd.log\n"
                + "SlurmdSpoolDir          = "
                + dir
                + "/spool/%n\n");

    assertThat(runAgent()).isTrue();

    Command show = first("/scontrol");
    assertThat(show.argv()).containsExactly("/usr/bin/scontrol", "show", "config");
    assertThat(show.env())
        .containsEntry("SLURM_CONF_SERVER", SERVER)
        .doesNotContainKey("SLURM_CONF");
    assertThat(dir.resolve("fetched/gpu-001")).isDirectory();
    assertThat(dir.resolve("spool/gpu-001")).isDirectory();
    assertThat(dir.resolve("slurmd")).as("the node's slurm.conf is not read").doesNotExist();
  }

  @Test
  void aControllerWithoutEnableConfiglessIsNamedAndSlurmdIsNotStarted() throws Exception {
    exitCodes =
        sinfoSays(
            1,
            "sinfo: error: _fetch_child: failed to fetch remote configs: ConfigLess mode is"
                + " disabled in slurm configuration.");

    assertThat(runAgent()).isFalse();

    StatusLine last = status().get(status().size() - 1);
    assertThat(last.step()).isEqualTo("controller-auth");
    assertThat(last.message())
        .contains("slurmctld at " + SERVER + " does not serve its configuration")
        .contains("enable_configless");
    assertThat(programs()).doesNotContain("/usr/sbin/slurmd");
  }

  @Test
  void aRefusedMungeKeyIsStillReportedAsSuchWhenTheFetchItselfIsRefused() throws Exception {
    exitCodes =
        sinfoSays(
            1,
            "sinfo: error: _fetch_child: failed to fetch remote configs: Zero Bytes were"
                + " transmitted or received");

    assertThat(runAgent()).isFalse();

    assertThat(status().get(status().size() - 1).message())
        .contains("slurmctld refused this node's munge credential");
  }

  @Test
  void aFileSlurmConfIncludesButTheNodeLacksIsNamedWhenTheFetchWaitsForIt() throws Exception {
    exitCodes =
        c -> {
          if (!c.program().endsWith("/sinfo")) {
            return 0;
          }
          try {
            Files.writeString(
                c.log(),
                "sinfo: error: s_p_parse_file: cannot stat file /etc/slurm/stratus-slurm.conf:"
                    + " No such file or directory, retrying in 1sec up to 60sec\n");
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          throw new TimedOut();
        };

    assertThat(runAgent()).isFalse();

    assertThat(status().get(status().size() - 1).message())
        .contains("slurm.conf names /etc/slurm/stratus-slurm.conf, which this node does not have")
        .contains("Include");
  }
}
