package dev.stratus.bootstrap.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceFileGpuVerifierTest {
  static final int CHAR_DEVICE = 0020666;
  static final int REGULAR_FILE = 0100666;

  static long makedev(long major, long minor) {
    return (minor & 0xff)
        | ((major & 0xfff) << 8)
        | ((minor & ~0xffL) << 12)
        | ((major & ~0xfffL) << 32);
  }

  @Test
  void decodesTheMajorNumberOfADevT() {
    assertThat(DeviceFileGpuVerifier.major(makedev(195, 3))).isEqualTo(195);
    assertThat(DeviceFileGpuVerifier.major(makedev(195, 300))).isEqualTo(195);
    assertThat(DeviceFileGpuVerifier.major(makedev(5000, 1))).isEqualTo(5000);
  }

  @Test
  void countsOnlyNvidiaCharacterDevicesWithMajor195() {
    List<DeviceFileGpuVerifier.Entry> entries =
        List.of(
            new DeviceFileGpuVerifier.Entry("nvidia0", CHAR_DEVICE, makedev(195, 0)),
            new DeviceFileGpuVerifier.Entry("nvidia1", CHAR_DEVICE, makedev(195, 1)),
            new DeviceFileGpuVerifier.Entry("nvidiactl", CHAR_DEVICE, makedev(195, 255)),
            new DeviceFileGpuVerifier.Entry("nvidia2", REGULAR_FILE, 0),
            new DeviceFileGpuVerifier.Entry("nvidia3", CHAR_DEVICE, makedev(1, 3)));

    assertThat(DeviceFileGpuVerifier.check(Path.of("/dev"), entries, 2)).isEmpty();
    assertThat(DeviceFileGpuVerifier.check(Path.of("/dev"), entries, 8))
        .hasValueSatisfying(m -> assertThat(m).startsWith("gpu: found 2 of 8 GPU devices"));
  }

  @Test
  void regularFilesNamedLikeGpusAreNotGpus(@TempDir Path dir) throws Exception {
    Files.createFile(dir.resolve("nvidia0"));
    Files.createFile(dir.resolve("nvidia1"));

    assertThat(new DeviceFileGpuVerifier(dir).verify(2))
        .hasValueSatisfying(m -> assertThat(m).contains("found 0"));
  }

  @Test
  void aMissingDirectoryIsFineOnlyWhenNoGpuIsExpected(@TempDir Path dir) {
    Path missing = dir.resolve("nope");

    assertThat(new DeviceFileGpuVerifier(missing).verify(0)).isEmpty();
    assertThat(new DeviceFileGpuVerifier(missing).verify(1)).isPresent();
  }
}
