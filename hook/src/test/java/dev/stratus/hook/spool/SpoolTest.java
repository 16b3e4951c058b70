package dev.stratus.hook.spool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolTest {
  static final Instant NOW = Instant.parse("2026-11-21T13:05:01.123Z");

  @TempDir Path dir;

  Spool spool() {
    return new Spool(dir, Clock.fixed(NOW, ZoneOffset.UTC));
  }

  static SpoolRequest resume(Instant at, String... nodes) {
    return new SpoolRequest(
        SpoolIds.next(HookKind.RESUME, at),
        HookKind.RESUME,
        List.of(nodes),
        List.of(new ResumeFile.JobNodes(42, "gpu-[001-002]")),
        at);
  }

  @Test
  void aWrittenRequestReadsBackEqual() throws IOException {
    SpoolRequest r = resume(NOW, "gpu-001", "gpu-002");
    spool().write(r);

    assertThat(spool().pending()).containsExactly(r);
    assertThat(dir.resolve(r.id() + ".json")).exists();
  }

  @Test
  void pendingListsRequestsInArrivalOrder() throws IOException {
    SpoolRequest later = resume(NOW.plusMillis(5), "gpu-002");
    SpoolRequest earlier = resume(NOW, "gpu-001");
    SpoolRequest suspend =
        new SpoolRequest(
            SpoolIds.next(HookKind.SUSPEND, NOW.plusSeconds(1)),
            HookKind.SUSPEND,
            List.of("gpu-003"),
            List.of(),
            NOW.plusSeconds(1));
    spool().write(later);
    spool().write(suspend);
    spool().write(earlier);

    assertThat(spool().pending()).containsExactly(earlier, later, suspend);
  }

  @Test
  void deleteRemovesARequestAndIsIdempotent() throws IOException {
    SpoolRequest r = resume(NOW, "gpu-001");
    spool().write(r);

    spool().delete(r.id());
    spool().delete(r.id());

    assertThat(spool().pending()).isEmpty();
  }

  @Test
  void deleteRefusesAnIdThatCouldEscapeTheDirectory() {
    assertThatThrownBy(() -> spool().delete("../etc/passwd"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("../etc/passwd");
  }

  @Test
  void aTempFileLeftByACrashBeforeTheRenameIsNoRequest() throws IOException {
    SpoolRequest r = resume(NOW, "gpu-001");
    // What a writer that died after writing (even fully) but before renaming leaves behind.
    Files.write(dir.resolve("." + r.id() + ".json.tmp"), SpoolCodec.encode(r));
    Files.writeString(
        dir.resolve("." + SpoolIds.next(HookKind.RESUME, NOW) + ".json.tmp"), "{\"ver");

    assertThat(spool().pending()).isEmpty();
    assertThat(spool().badDir()).doesNotExist();
  }

  @Test
  void aStaleTempFileIsRemovedButAFreshOneIsKept() throws IOException {
    Path stale = dir.resolve(".stale.json.tmp");
    Path fresh = dir.resolve(".fresh.json.tmp");
    Files.writeString(stale, "{");
    Files.writeString(fresh, "{");
    Files.setLastModifiedTime(stale, FileTime.from(NOW.minus(Duration.ofMinutes(11))));
    Files.setLastModifiedTime(fresh, FileTime.from(NOW.minus(Duration.ofMinutes(1))));

    spool().pending();

    assertThat(stale).doesNotExist();
    assertThat(fresh).exists();
  }

  @Test
  void anUnreadableFileIsMovedToBadAndTheRestAreStillListed() throws IOException {
    SpoolRequest good = resume(NOW, "gpu-001");
    spool().write(good);
    String badName = SpoolIds.next(HookKind.RESUME, NOW.minusSeconds(1)) + ".json";
    Files.writeString(dir.resolve(badName), "{\"version\":1,\"id\":");

    assertThat(spool().pending()).containsExactly(good);
    assertThat(spool().badDir().resolve(badName)).exists();
    assertThat(dir.resolve(badName)).doesNotExist();
  }

  @Test
  void aFileThatCannotBeReadForAMomentStaysAndIsReadOnTheNextPass() throws IOException {
    SpoolRequest r = resume(NOW, "gpu-001");
    spool().write(r);
    AtomicInteger reads = new AtomicInteger();
    Spool flaky =
        new Spool(
            dir,
            Clock.fixed(NOW, ZoneOffset.UTC),
            f -> {
              if (reads.getAndIncrement() < 2) {
                throw new IOException("Input/output error");
              }
              return Files.readAllBytes(f);
            });

    assertThat(flaky.pending()).isEmpty();
    assertThat(flaky.pending()).isEmpty();
    assertThat(flaky.transientReadErrors()).isEqualTo(2);
    assertThat(dir.resolve(r.id() + ".json")).exists();
    assertThat(flaky.badDir()).doesNotExist();

    assertThat(flaky.pending()).containsExactly(r);
  }

  @Test
  void aFileWhoseContentIsInvalidIsMovedToBad() throws IOException {
    String name = SpoolIds.next(HookKind.RESUME, NOW) + ".json";
    Files.writeString(
        dir.resolve(name),
        "{\"version\":1,\"id\":\"x\",\"kind\":\"resume\",\"nodes\":[],\"jobs\":[],"
            + "\"received_at\":\"2026-11-21T13:05:01Z\"}");

    assertThat(spool().pending()).isEmpty();
    assertThat(spool().badDir().resolve(name)).exists();
  }

  @Test
  void concurrentWritersNeverExposeAHalfWrittenFile() throws Exception {
    int writers = 6;
    int each = 40;
    ExecutorService pool = Executors.newFixedThreadPool(writers + 1);
    AtomicBoolean done = new AtomicBoolean();
    AtomicInteger scans = new AtomicInteger();
    // The real clock: with the fixed one, the readers would take fresh temp files for stale ones.
    Spool spool = new Spool(dir, Clock.systemUTC());
    try {
      Future<?> reader =
          pool.submit(
              () -> {
                while (!done.get()) {
                  spool.pending();
                  scans.incrementAndGet();
                }
                return null;
              });
      List<Future<?>> futures = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        futures.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < each; i++) {
                    spool.write(resume(Instant.now(), "gpu-" + i, "gpu-x" + i));
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get(60, TimeUnit.SECONDS);
      }
      done.set(true);
      reader.get(60, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }

    assertThat(spool().badDir()).doesNotExist();
    assertThat(spool().pending()).hasSize(writers * each);
    assertThat(scans.get()).isPositive();
  }

  @Test
  void watchCallsBackWhenARequestIsWritten() throws IOException {
    AtomicInteger calls = new AtomicInteger();
    try (SpoolWatch w = spool().watch(calls::incrementAndGet)) {
      Files.writeString(dir.resolve("unrelated.txt"), "x");
      spool().write(resume(NOW, "gpu-001"));

      await().atMost(Duration.ofSeconds(10)).until(() -> calls.get() >= 1);
    }
  }
}
