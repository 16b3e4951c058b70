package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.provider.local.FakeGpuState.Fault;
import dev.stratus.provider.local.FakeGpuState.Fault.Kind;
import dev.stratus.provider.local.FakeGpuState.Xid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FakeGpuStateTest {
  @TempDir Path state;

  @Test
  void aNodeWithoutAFileIsHealthyAndFaultsAddUpUntilCleared() {
    Path file = FakeGpuState.file(state, "gpu-002");
    assertThat(file).isEqualTo(state.resolve("gpu/gpu-002.json"));
    assertThat(FakeGpuState.read(file)).isEqualTo(FakeGpuState.healthy());

    FakeGpuState.inject(state, "gpu-002", 8, new Fault(Kind.ECC_UNCORRECTABLE, 3, 0));
    FakeGpuState.inject(state, "gpu-002", 8, new Fault(Kind.XID, 1, 94));
    String done = FakeGpuState.inject(state, "gpu-002", 8, new Fault(Kind.IDLE, 0, 0));

    assertThat(done).isEqualTo("gpu-002: all GPUs idle");
    FakeGpuState s = FakeGpuState.read(file);
    assertThat(s.eccUncorrectable()).containsExactly(3);
    assertThat(s.xids()).containsExactly(new Xid(94, 1));
    assertThat(s.idle()).isTrue();
    assertThat(s.hang()).isFalse();

    FakeGpuState.inject(state, "gpu-002", 8, new Fault(Kind.CLEAR, 0, 0));

    assertThat(FakeGpuState.read(file)).isEqualTo(FakeGpuState.healthy());
  }

  @Test
  void theFileIsPlainJsonThatReadsBackAndLeavesNoTemporaryBehind() throws Exception {
    FakeGpuState s =
        FakeGpuState.healthy()
            .with(new Fault(Kind.NVLINK_DOWN, 2, 0))
            .with(new Fault(Kind.THROTTLE, 2, 0))
            .with(new Fault(Kind.MISSING, 7, 0))
            .with(new Fault(Kind.HANG, 0, 0));
    Path file = FakeGpuState.file(state, "gpu-003");

    s.write(file);

    assertThat(FakeGpuState.read(file)).isEqualTo(s);
    assertThat(Files.readString(file))
        .isEqualTo(
            "{\"xids\":[],\"eccUncorrectable\":[],\"nvlinkDown\":[2],\"throttle\":[2],"
                + "\"missing\":[7],\"hang\":true,\"idle\":false}");
    try (var files = Files.list(file.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("gpu-003.json");
    }
  }

  @Test
  void theSameGpuTwiceIsOneEntry() {
    FakeGpuState s =
        FakeGpuState.healthy()
            .with(new Fault(Kind.THROTTLE, 4, 0))
            .with(new Fault(Kind.THROTTLE, 1, 0))
            .with(new Fault(Kind.THROTTLE, 4, 0));

    assertThat(s.throttle()).isEqualTo(List.of(1, 4));
  }

  @Test
  void aGpuTheNodeDoesNotHaveABadXidOrABadNodeNameIsRefusedAndNothingIsWritten() {
    assertThatThrownBy(
            () -> FakeGpuState.inject(state, "gpu-002", 8, new Fault(Kind.MISSING, 8, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("gpu 8 is out of range: the node has GPUs 0..7");
    assertThatThrownBy(() -> new Fault(Kind.XID, 0, 0))
        .hasMessageContaining("xid must be a positive number");
    assertThatThrownBy(() -> new Fault(Kind.THROTTLE, -1, 0)).hasMessageContaining("gpu index");
    assertThatThrownBy(() -> FakeGpuState.file(state, "../etc"))
        .hasMessageContaining("node name '../etc'");
    assertThat(state.resolve("gpu")).doesNotExist();
  }

  @Test
  void nodeWideFaultsTakeNoGpuIndexCheck() {
    FakeGpuState.inject(state, "gpu-009", 0, new Fault(Kind.HANG, 0, 0));

    assertThat(FakeGpuState.read(FakeGpuState.file(state, "gpu-009")).hang()).isTrue();
    assertThat(FakeGpuState.kmsgFile(state, "gpu-009")).doesNotExist();
  }
}
