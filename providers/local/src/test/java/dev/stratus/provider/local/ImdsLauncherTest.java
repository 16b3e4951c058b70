package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ImdsLauncherTest {
  final InstanceRecord node = LaunchPlanTest.record("tok", "gpu-001");

  @Test
  void theEndpointRunsInTheNodesNetworkNamespaceBehindAnEmptySignalMaskOnTheNodesAddress() {
    ImdsLauncher launcher =
        new ImdsLauncher(
            80,
            Optional.of(URI.create("http://10.77.0.1:8620/v1/notices")),
            Optional.empty(),
            "/cp");

    List<String> argv = launcher.argv(node, Optional.of(Path.of("/n/keys/node.key")));

    assertThat(argv.get(0)).endsWith("/perl");
    assertThat(argv.get(2)).contains("SIG_SETMASK");
    assertThat(argv.get(3)).endsWith("/nsenter");
    assertThat(argv).contains("--net=/run/netns/" + node.netns()).doesNotContain("exec");
    assertThat(String.join(" ", argv))
        .contains("-cp /cp " + ImdsLauncher.MAIN)
        .endsWith(
            "--listen 10.77.0.11:80 --instance "
                + node.id()
                + " --node gpu-001 --key-file /n/keys/node.key"
                + " --sink http://10.77.0.1:8620/v1/notices");
    assertThat(launcher.base(node)).isEqualTo(URI.create("http://10.77.0.11:80"));
  }

  @Test
  void withoutANoticeUrlTheEndpointRunsWithoutAWatcher() {
    List<String> argv =
        new ImdsLauncher(8080, Optional.empty(), Optional.empty(), "/cp")
            .argv(node, Optional.of(Path.of("/n/keys/node.key")));

    assertThat(argv).doesNotContain("--sink").contains("10.77.0.11:8080", "--key-file");
  }

  @Test
  void anHttpsSinkGetsTheCaFileAndWithoutTheNodesKeyThereIsNoWatcherAtAll() {
    ImdsLauncher launcher =
        new ImdsLauncher(
            80,
            Optional.of(URI.create("https://10.77.0.1:8620/v1/notices")),
            Optional.of(Path.of("/etc/stratus/ca.pem")),
            "/cp");

    List<String> keyed = launcher.argv(node, Optional.of(Path.of("/n/keys/node.key")));
    List<String> keyless = launcher.argv(node, Optional.empty());

    assertThat(String.join(" ", keyed)).endsWith("--ca-file /etc/stratus/ca.pem");
    // its notices could not be signed, so the controller would refuse them all
    assertThat(keyless).doesNotContain("--sink", "--key-file", "--ca-file");
  }
}
