package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstanceStoreTest {
  @TempDir Path dir;

  @Test
  void recordReadsBackEqualAndBecomesTheSameInstance() {
    InstanceStore store = new InstanceStore(dir);
    InstanceRecord r = LaunchPlanTest.record("t1", "gpu-001");

    store.write(r);

    assertThat(store.read(r.id())).contains(r);
    assertThat(store.all()).containsExactly(r);
    assertThat(r.toInstance().address()).isEqualTo("10.77.0.11");
    assertThat(dir.resolve("instances"))
        .isDirectoryContaining(p -> p.getFileName().toString().equals(r.id() + ".json"));
  }

  @Test
  void deletedOrUnknownOrMalformedIdsReadAsAbsent() throws Exception {
    InstanceStore store = new InstanceStore(dir);
    InstanceRecord r = LaunchPlanTest.record("t1", "gpu-001");
    store.write(r);

    store.delete(r.id());

    assertThat(store.read(r.id())).isEmpty();
    assertThat(store.read("local-00000000")).isEmpty();
    assertThat(store.read("../../etc/passwd")).isEmpty();
    assertThat(Files.list(dir.resolve("instances"))).isEmpty();
  }
}
