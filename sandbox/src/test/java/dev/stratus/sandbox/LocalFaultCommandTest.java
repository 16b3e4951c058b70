package dev.stratus.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.cli.StratusCli;
import dev.stratus.provider.local.FakeGpuState;
import dev.stratus.provider.local.FakeGpuState.Xid;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stratus local fault}: its arguments, and the state it leaves for the node's fakes. */
class LocalFaultCommandTest {
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();
  @TempDir Path dir;
  Path config;

  @BeforeEach
  void writeConfig() throws Exception {
    config = dir.resolve("stratus.yaml");
    Files.writeString(
        config,
        """
        cluster: c1
        stateDir: ./state
        pools:
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: 8
            memoryMiB: 64000
            maxNodes: 2
            offerings:
              - {provider: local, region: local, instanceType: t, pricePerHour: 1}
        providers: {local: {bridge: stnone0, gpuCount: 4}}
        """);
  }

  /** Runs {@code stratus local fault ARGS --config stratus.yaml}; its exit status. */
  int fault(String... args) {
    List<String> argv = new ArrayList<>(List.of("local", "fault"));
    argv.addAll(List.of(args));
    argv.addAll(List.of("--config", config.toString()));
    PrintStream savedOut = System.out;
    PrintStream savedErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      return StratusCli.commandLine().execute(argv.toArray(String[]::new));
    } finally {
      System.setOut(savedOut);
      System.setErr(savedErr);
    }
  }

  Path stateFile() {
    return dir.resolve("state/providers/local/gpu/gpu-001.json");
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void anXidOnANodeThatHasNotBootedIsKeptByNameAndLogged() throws Exception {
    assertThat(fault("gpu-001", "--xid", "79", "--gpu", "2")).isZero();

    assertThat(FakeGpuState.read(stateFile()).xids()).containsExactly(new Xid(79, 2));
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("gpu-001: XID 79 on GPU 2; ")
        .contains("NVRM: Xid (PCI:0000:3a:00): 79,");
    assertThat(Files.readString(dir.resolve("state/providers/local/gpu/gpu-001.kmsg")))
        .contains("GPU has fallen off the bus.");
  }

  @Test
  void faultsAddUpAndClearMakesTheNodeHealthyAgain() {
    assertThat(fault("gpu-001", "--ecc-uncorrectable", "--gpu", "1")).isZero();
    assertThat(fault("gpu-001", "--throttle")).isZero();
    assertThat(fault("gpu-001", "--idle")).isZero();

    FakeGpuState s = FakeGpuState.read(stateFile());
    assertThat(s.eccUncorrectable()).containsExactly(1);
    assertThat(s.throttle()).containsExactly(0);
    assertThat(s.idle()).isTrue();

    assertThat(fault("gpu-001", "--clear")).isZero();

    assertThat(FakeGpuState.read(stateFile())).isEqualTo(FakeGpuState.healthy());
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("gpu-001: all faults cleared");
  }

  @Test
  void noFaultOptionIsRefusedNamingTheOptions() {
    assertThat(fault("gpu-001")).isEqualTo(2);

    assertThat(err()).contains("--xid").contains("--hang").contains("--clear");
    assertThat(stateFile()).doesNotExist();
  }

  @Test
  void twoFaultOptionsAreRefusedNamingBoth() {
    assertThat(fault("gpu-001", "--hang", "--idle")).isEqualTo(2);

    assertThat(err()).contains("--hang").contains("--idle");
    assertThat(stateFile()).doesNotExist();
  }

  @Test
  void aGpuForANodeWideFaultIsRefusedNamingGpu() {
    assertThat(fault("gpu-001", "--hang", "--gpu", "1")).isEqualTo(2);

    assertThat(err()).contains("--gpu goes with").contains("not with --hang");
    assertThat(stateFile()).doesNotExist();
  }

  @Test
  void aGpuPastTheNodesCountIsRefusedNamingGpuAndTheCount() {
    assertThat(fault("gpu-001", "--missing", "--gpu", "4")).isEqualTo(2);

    assertThat(err()).contains("--gpu 4 is out of range: the nodes have 4 GPUs");
    assertThat(stateFile()).doesNotExist();
  }

  @Test
  void aBadXidIsRefusedNamingXid() {
    assertThat(fault("gpu-001", "--xid", "0")).isEqualTo(2);
    assertThat(err()).contains("--xid must be a positive number, got 0");

    assertThat(fault("gpu-001", "--xid", "seventy-nine")).isEqualTo(2);
    assertThat(err()).contains("--xid").contains("seventy-nine");
    assertThat(stateFile()).doesNotExist();
  }

  @Test
  void aNodeNameThatIsNoFileNameIsRefused() {
    assertThat(fault("../../etc", "--hang")).isEqualTo(2);

    assertThat(err()).contains("node name '../../etc'");
  }
}
