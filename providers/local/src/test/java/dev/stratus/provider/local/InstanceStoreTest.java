package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.InstanceState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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

  @Test
  void concurrentWritesDeletesAndListsOfDifferentRecordsNeverFail() throws Exception {
    InstanceStore store = new InstanceStore(dir);
    List<InstanceRecord> records = new ArrayList<>();
    for (int i = 1; i <= 24; i++) {
      records.add(LaunchPlanTest.record("t" + i, String.format("gpu-%03d", i)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (InstanceRecord r : records) {
        work.add(
            pool.submit(
                () -> {
                  for (int round = 0; round < 20; round++) {
                    store.write(r);
                    store.write(r.withState(InstanceState.PENDING));
                    store.all();
                    store.read(r.id());
                    store.delete(r.id());
                  }
                  store.write(r);
                }));
      }
      for (Future<?> f : work) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(store.all()).containsExactlyInAnyOrderElementsOf(records);
    try (var files = Files.list(dir.resolve("instances"))) {
      assertThat(files.filter(f -> f.toString().endsWith(".tmp"))).isEmpty();
    }
  }
}
