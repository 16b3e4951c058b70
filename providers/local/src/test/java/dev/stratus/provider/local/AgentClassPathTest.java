package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The agent runs in its own JVM on a class path of its own: whatever its key sources and checks
 * load must be on it (a Vault key source without the driver died with ClassNotFoundException).
 */
class AgentClassPathTest {
  @Test
  void holdsTheAgentTheWireModuleJacksonAndTheVaultDriverAndLittleElse() {
    List<String> entries = Arrays.asList(AgentLauncher.agentClassPath().split(File.pathSeparator));

    assertThat(entries).anyMatch(e -> e.contains("node-bootstrap"));
    assertThat(entries).anyMatch(e -> e.contains("wire"));
    assertThat(entries).anyMatch(e -> e.contains("jackson-databind"));
    assertThat(entries).anyMatch(e -> e.contains("jackson-core"));
    assertThat(entries).anyMatch(e -> e.contains("jackson-annotations"));
    assertThat(entries).anyMatch(e -> e.contains("vault-java-driver"));
    assertThat(entries).hasSize(6);
  }
}
