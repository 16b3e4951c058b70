package dev.stratus.bootstrap.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.stratus.wire.GpuHealthCodec;
import dev.stratus.wire.GpuHealthReport;
import dev.stratus.wire.HealthAction;
import dev.stratus.wire.RequestVerifier;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HealthWatcherTest {
  static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  static final byte[] KEY = new byte[32];

  @TempDir Path dir;
  HttpServer controller;
  final List<String> bodies = new CopyOnWriteArrayList<>();
  final List<RequestVerifier.Verdict> verdicts = new CopyOnWriteArrayList<>();
  final AtomicInteger answer = new AtomicInteger(202);

  @BeforeEach
  void controller() throws Exception {
    RequestVerifier verifier =
        new RequestVerifier(
            s -> s.equals("gpu-001") ? Optional.of(KEY.clone()) : Optional.empty(),
            CLOCK,
            RequestVerifier.DEFAULT_WINDOW,
            100);
    controller = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    controller.createContext(
        "/v1/health",
        ex -> {
          byte[] body = ex.getRequestBody().readAllBytes();
          verdicts.add(
              verifier.verify(
                  ex.getRequestMethod(),
                  ex.getRequestURI().getRawPath(),
                  body,
                  ex.getRequestHeaders()::getFirst));
          bodies.add(new String(body, StandardCharsets.UTF_8));
          ex.sendResponseHeaders(answer.get(), -1);
          ex.close();
        });
    controller.start();
  }

  @AfterEach
  void stop() {
    controller.stop(0);
  }

  String sink() {
    return "http://127.0.0.1:" + controller.getAddress().getPort() + "/";
  }

  Path keyFile() throws Exception {
    Path k = dir.resolve("node.key");
    Files.write(k, KEY);
    Files.setPosixFilePermissions(k, PosixFilePermissions.fromString("r--------"));
    return k;
  }

  @Test
  void postsASignedReportWithSamplesAndFindings() throws Exception {
    Path smi =
        HealthFixtures.nvidiaSmi(
            dir, "health-h100-8-ecc-uncorrectable.xml", "nvlink-h100-8-ok.txt");
    String[] args = {
      "--node",
      "gpu-001",
      "--instance",
      "i-0abc",
      "--key-file",
      keyFile().toString(),
      "--sink",
      sink(),
      "--nvidia-smi",
      smi.toString(),
      "--gpus",
      "8",
      "--once"
    };

    assertThat(HealthWatcherMain.run(args, System.out, CLOCK)).isZero();

    assertThat(verdicts).containsExactly(new RequestVerifier.Verdict.Accepted("gpu-001"));
    GpuHealthReport r = GpuHealthCodec.parse(bodies.get(0));
    assertThat(r.node()).isEqualTo("gpu-001");
    assertThat(r.instanceId()).isEqualTo("i-0abc");
    assertThat(r.sequence()).isEqualTo(NOW.toEpochMilli());
    assertThat(r.read()).isEqualTo(GpuHealthReport.Read.OK);
    assertThat(r.samples()).hasSize(8);
    assertThat(r.samples().get(2).index()).isEqualTo(2);
    assertThat(r.samples().get(2).busId()).isEqualTo("00000000:3B:00.0");
    assertThat(r.samples().get(2).memoryTotalMiB()).isEqualTo(81559);
    assertThat(r.worst()).isEqualTo(HealthAction.REQUEUE_NOW);
    assertThat(r.findings().get(0).summary())
        .isEqualTo("GPU 00000000:3B:00.0 ecc-uncorrectable (volatile DRAM uncorrectable 2)");
  }

  @Test
  void aRefusedPostIsReportedAndTheWatcherGoesOn() throws Exception {
    answer.set(401);
    Path smi = HealthFixtures.nvidiaSmi(dir, "health-h100-8-ok.xml", "nvlink-h100-8-ok.txt");
    String[] args = {
      "--node",
      "gpu-001",
      "--instance",
      "i-0abc",
      "--key-file",
      keyFile().toString(),
      "--sink",
      sink(),
      "--nvidia-smi",
      smi.toString(),
      "--once"
    };
    assertThat(HealthWatcherMain.run(args, System.out, CLOCK)).isEqualTo(1);
    assertThat(bodies).hasSize(1);
  }

  @Test
  void aHungNvidiaSmiIsATimedOutReportAndKernelLogXidsStillCome() throws Exception {
    Path smi = HealthFixtures.script(dir, "nvidia-smi", "sleep 60");
    Path log = dir.resolve("kern.log");
    Files.writeString(log, "[ 1.0] old line\n");
    KernelLog.Follower follower = KernelLog.Follower.of(log, 0);
    HealthWatcher w =
        new HealthWatcher(
            "gpu-001",
            "i-0abc",
            8,
            () -> GpuProbe.read(smi, Duration.ofMillis(300)),
            follower::poll,
            CLOCK);
    Files.writeString(
        log, HealthFixtures.text("health/kmsg-xid-79.txt"), StandardOpenOption.APPEND);

    long start = System.nanoTime();
    GpuHealthReport r = w.poll();

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    assertThat(r.read()).isEqualTo(GpuHealthReport.Read.TIMED_OUT);
    assertThat(r.samples()).isEmpty();
    assertThat(r.findings()).hasSize(1);
    assertThat(r.findings().get(0).event()).isTrue();
    assertThat(r.findings().get(0).xid()).isEqualTo(79);
    assertThat(w.poll().sequence()).isEqualTo(r.sequence() + 1);
  }

  @Test
  void theLoopSendsAFreshReportEveryIntervalEvenAfterAFailedSend() throws Exception {
    Path smi = HealthFixtures.nvidiaSmi(dir, "health-h100-8-ok.xml", "nvlink-h100-8-ok.txt");
    HealthWatcher w =
        new HealthWatcher(
            "gpu-001",
            "i-0abc",
            0,
            () -> GpuProbe.read(smi, Duration.ofSeconds(20)),
            List::of,
            CLOCK);
    List<Long> sent = new CopyOnWriteArrayList<>();
    List<Duration> pauses = new CopyOnWriteArrayList<>();
    w.run(
        Duration.ofMillis(2000),
        r -> {
          sent.add(r.sequence());
          if (sent.size() == 1) {
            throw new IOException("connection refused");
          }
        },
        d -> {
          pauses.add(d);
          if (pauses.size() == 3) {
            throw new InterruptedException();
          }
        });
    Thread.interrupted();
    assertThat(sent).hasSize(3);
    assertThat(sent.get(2) - sent.get(0)).isEqualTo(2);
    assertThat(pauses).containsOnly(Duration.ofMillis(2000));
  }

  @Test
  void oncePrintPrintsTheReportAndBadOptionsAreRefused() throws Exception {
    Path smi = HealthFixtures.nvidiaSmi(dir, "health-h100-8-ok.xml", "nvlink-h100-8-ok.txt");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String[] args = {
      "--node", "gpu-001", "--instance", "i-1", "--nvidia-smi", smi.toString(), "--once", "--print"
    };
    assertThat(
            HealthWatcherMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), CLOCK))
        .isZero();
    GpuHealthReport r = GpuHealthCodec.parse(out.toString(StandardCharsets.UTF_8).strip());
    assertThat(r.findings()).isEmpty();
    assertThat(r.samples()).hasSize(8);

    assertThat(HealthWatcherMain.run(new String[] {"--node", "gpu-001"}, System.out, CLOCK))
        .isEqualTo(2);
    assertThat(
            HealthWatcherMain.run(
                new String[] {
                  "--node",
                  "n",
                  "--instance",
                  "i",
                  "--nvidia-smi",
                  "/x",
                  "--print",
                  "--interval-ms",
                  "0"
                },
                System.out,
                CLOCK))
        .isEqualTo(2);
    assertThat(
            HealthWatcherMain.run(
                new String[] {"--node", "n", "--instance", "i", "--nvidia-smi", "/x", "--bogus"},
                System.out,
                CLOCK))
        .isEqualTo(2);
    assertThat(HealthWatcherMain.healthUrl("https://c:8443").toString())
        .isEqualTo("https://c:8443/v1/health");
  }
}
