package dev.stratus.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The unpacked archive runs as cloud-init and the watcher's systemd unit run it: {@code java -cp
 * 'DIR/lib/*' MAIN ...}, with nothing else on the class path.
 */
class NodeArchiveRunsIT {
  @TempDir static Path installDir;
  static NodeArchive archive;

  @BeforeAll
  static void unpack() throws Exception {
    archive = NodeArchive.unpackInto(installDir);
  }

  @Test
  void theAgentStartsAndWithoutArgumentsExits2WithItsUsage() throws Exception {
    Run agent = java("dev.stratus.bootstrap.AgentMain");

    assertThat(agent.exit()).as(agent.toString()).isEqualTo(2);
    assertThat(agent.err()).contains("usage: AgentMain --settings FILE");
  }

  @Test
  void theAgentParsesItsSettingsWithTheArchivesJacksonAndNamesAnUnknownKey() throws Exception {
    Path settings = installDir.resolve("agent.json");
    Files.writeString(settings, "{\"nodeName\":\"gpu-001\",\"nodeNmae\":\"typo\"}");

    Run agent = java("dev.stratus.bootstrap.AgentMain", "--settings", settings.toString());

    assertThat(agent.exit()).as(agent.toString()).isEqualTo(2);
    assertThat(agent.err()).contains("bad agent settings " + settings).contains("nodeNmae");
  }

  @Test
  void theWatcherStartsAndPrintsItsHelp() throws Exception {
    Run watcher = java("dev.stratus.spot.WatcherMain", "--help");

    assertThat(watcher.exit()).as(watcher.toString()).isZero();
    assertThat(watcher.out()).contains("stratus-spot-watcher", "--cloud", "--sink");
  }

  @Test
  void theWatcherRefusesAnUnknownCloudWithExit2() throws Exception {
    Run watcher =
        java("dev.stratus.spot.WatcherMain", "--cloud", "mars", "--sink", "http://127.0.0.1:9/");

    assertThat(watcher.exit()).as(watcher.toString()).isEqualTo(2);
    assertThat(watcher.err()).contains("--cloud").contains("mars");
  }

  static Run java(String... mainAndArgs) throws Exception {
    List<String> argv = new ArrayList<>();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.addAll(List.of("-cp", archive.lib().resolve("*").toString()));
    argv.addAll(List.of(mainAndArgs));
    return Run.of(argv);
  }
}
