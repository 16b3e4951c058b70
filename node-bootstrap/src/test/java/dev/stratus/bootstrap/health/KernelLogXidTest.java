package dev.stratus.bootstrap.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelLogXidTest {
  @TempDir Path dir;

  @Test
  void readsKmsgRecords() {
    assertThat(
            KernelLogXid.parse(
                "4,1504,841224010,-;NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>',"
                    + " name=<unknown>, GPU has fallen off the bus."))
        .hasValue(
            new KernelLogXid.XidEvent(
                "00000000:3B:00.0", 79, "GPU has fallen off the bus.", OptionalLong.of(841224010)));
  }

  @Test
  void readsDmesgAndSyslogLinesWithAndWithoutPidAndName() {
    assertThat(
            KernelLogXid.parse(
                "[ 9012.000100] NVRM: Xid (PCI:0000:ba:00): 94, pid=51002, name=torchrun,"
                    + " Contained: SM (0x1). RST: No, D-RST: No"))
        .hasValue(
            new KernelLogXid.XidEvent(
                "00000000:BA:00.0",
                94,
                "Contained: SM (0x1). RST: No, D-RST: No",
                OptionalLong.of(9_012_000_100L)));
    assertThat(
            KernelLogXid.parse(
                "May 18 19:02:39 gpu-001 kernel: NVRM: Xid (PCI:0000:2b:00): 79, GPU has fallen"
                    + " off the bus."))
        .hasValue(
            new KernelLogXid.XidEvent(
                "00000000:2B:00.0", 79, "GPU has fallen off the bus.", OptionalLong.empty()));
    assertThat(KernelLogXid.parse("NVRM: Xid (0000:db:00): 48, An uncorrectable double bit error"))
        .map(KernelLogXid.XidEvent::gpu)
        .hasValue("00000000:DB:00.0");
    assertThat(KernelLogXid.parse("NVRM: Xid (PCI:0000:db:00): 119"))
        .map(KernelLogXid.XidEvent::xid)
        .hasValue(119);
  }

  @Test
  void otherLinesAreNotXids() {
    assertThat(KernelLogXid.parse("6,1288,9120334,-;nvidia-nvswitch0: open (major=511)")).isEmpty();
    assertThat(KernelLogXid.parse(" SUBSYSTEM=module")).isEmpty();
    assertThat(KernelLogXid.parse("NVRM: Xid (PCI:zz): 79, x")).isEmpty();
    assertThat(KernelLogXid.parse("")).isEqualTo(Optional.empty());
  }

  @Test
  void aFileIsReadFromAnOffsetWholeLinesOnly() throws Exception {
    Path log = dir.resolve("kern.log");
    Files.writeString(log, "one\ntwo\nthr");

    KernelLog.Chunk c = KernelLog.readFile(log, 0);
    assertThat(c.lines()).containsExactly("one", "two");
    assertThat(c.nextOffset()).isEqualTo(8);

    Files.writeString(log, "ee\nfour\n", StandardOpenOption.APPEND);
    KernelLog.Chunk d = KernelLog.readFile(log, c.nextOffset());
    assertThat(d.lines()).containsExactly("three", "four");

    Files.writeString(log, "new\n"); // rotated: shorter than the offset
    assertThat(KernelLog.readFile(log, d.nextOffset()).lines()).containsExactly("new");
  }

  @Test
  void aFollowerOfAFileSeesOnlyWhatComesAfterItStarted() throws Exception {
    Path log = dir.resolve("kern.log");
    Files.writeString(log, HealthFixtures.text("health/dmesg-xids.txt"));
    try (KernelLog.Follower f = KernelLog.Follower.of(log, 0)) {
      assertThat(f.poll()).isEmpty();
      Files.writeString(
          log, HealthFixtures.text("health/kmsg-xid-79.txt"), StandardOpenOption.APPEND);
      List<String> lines = f.poll();
      assertThat(lines).hasSize(8);
      assertThat(
              lines.stream()
                  .flatMap(l -> KernelLogXid.parse(l).stream())
                  .map(KernelLogXid.XidEvent::xid))
          .containsExactly(79);
      assertThat(f.poll()).isEmpty();
    }
  }

  @Test
  void aStreamThatNeverEndsIsReadWithinTheTimeBox() throws Exception {
    Path fifo = dir.resolve("kmsg");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    // nobody ever writes: opening blocks, reading blocks; the time box still ends it
    long start = System.nanoTime();
    List<String> lines = KernelLog.readAll(fifo, Duration.ofSeconds(2));
    assertThat(lines).isEmpty();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
  }

  @Test
  void aDeviceFollowerSkipsWhatWasLoggedBeforeItStarted() throws Exception {
    Path fifo = dir.resolve("kmsg");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    try (KernelLog.Follower f = KernelLog.Follower.of(fifo, 841_224_000)) {
      Files.writeString(fifo, HealthFixtures.text("health/kmsg-xid-79.txt"));
      List<String> got = new ArrayList<>();
      for (int i = 0; i < 100 && got.size() < 4; i++) {
        got.addAll(f.poll());
        Thread.sleep(20);
      }
      // the records stamped before 841224000 us are dropped; continuation lines have no stamp
      assertThat(got).hasSize(4);
      assertThat(
              got.stream()
                  .flatMap(l -> KernelLogXid.parse(l).stream())
                  .map(KernelLogXid.XidEvent::xid))
          .containsExactly(79);
    }
  }
}
