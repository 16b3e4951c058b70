package dev.stratus.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The time limits of the controller's cloud calls: timeouts.launch, .terminate and .list. */
class CloudCallTimeoutsConfigTest {
  @TempDir Path dir;

  Path write(String timeouts) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(file, ConfigLoaderErrorsTest.BASE + timeouts);
    return file;
  }

  @Test
  void withoutThemEachCloudCallGetsItsDefaultLimit() throws IOException {
    Timeouts t = ConfigLoader.load(write(""), DeclaredKeysProviders.ALL).timeouts();

    assertThat(t.launch()).isEqualTo(Duration.ofMinutes(20));
    assertThat(t.terminate()).isEqualTo(Duration.ofMinutes(5));
    assertThat(t.list()).isEqualTo(Duration.ofMinutes(1));
  }

  @Test
  void eachLimitIsReadFromTheTimeoutsBlock() throws IOException {
    Timeouts t =
        ConfigLoader.load(
                write("timeouts:\n  launch: 30m\n  terminate: 2m\n  list: 20s\n"),
                DeclaredKeysProviders.ALL)
            .timeouts();

    assertThat(t.launch()).isEqualTo(Duration.ofMinutes(30));
    assertThat(t.terminate()).isEqualTo(Duration.ofMinutes(2));
    assertThat(t.list()).isEqualTo(Duration.ofSeconds(20));
    assertThat(t.reconcileInterval()).isEqualTo(Timeouts.DEFAULTS.reconcileInterval());
  }

  @Test
  void aLimitThatIsNotPositiveIsRefusedNamingTheKey() throws IOException {
    Path file = write("timeouts:\n  launch: 0s\n");

    assertThatThrownBy(() -> ConfigLoader.load(file, DeclaredKeysProviders.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("stratus.yaml:")
        .hasMessageContaining("timeouts.launch");
  }
}
