package dev.stratus.bootstrap.gpu;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Counts {@code nvidiaN} character devices with NVIDIA's major number 195 in a device directory
 * (the real {@code /dev}, or the fake devices of the local provider). It proves the device nodes
 * gres.conf names exist, not that a driver answers: an nvidia-smi check is a separate verifier.
 */
public final class DeviceFileGpuVerifier implements GpuVerifier {
  static final int NVIDIA_MAJOR = 195;
  private static final Pattern GPU_NAME = Pattern.compile("nvidia[0-9]+");

  /** S_IFMT and S_IFCHR from stat(2). */
  private static final int S_IFMT = 0170000;

  private static final int S_IFCHR = 0020000;

  private final Path deviceDir;

  public DeviceFileGpuVerifier(Path deviceDir) {
    this.deviceDir = deviceDir;
  }

  /** One directory entry as stat saw it. */
  record Entry(String name, int mode, long rdev) {}

  @Override
  public Optional<String> verify(int expectedGpus) {
    List<Entry> entries = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(deviceDir)) {
      for (Path p : dir) {
        int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        long rdev = (Long) Files.getAttribute(p, "unix:rdev", LinkOption.NOFOLLOW_LINKS);
        entries.add(new Entry(p.getFileName().toString(), mode, rdev));
      }
    } catch (IOException e) {
      if (expectedGpus == 0) {
        return Optional.empty();
      }
      return Optional.of("cannot read GPU device directory " + deviceDir + ": " + e);
    }
    return check(deviceDir, entries, expectedGpus);
  }

  /** Pure: compares the GPU devices among {@code entries} with the expected count. */
  static Optional<String> check(Path dir, List<Entry> entries, int expectedGpus) {
    long found = entries.stream().filter(DeviceFileGpuVerifier::isGpu).count();
    if (found == expectedGpus) {
      return Optional.empty();
    }
    // The same shape as the nvidia-smi check's "gpu: found 7 of 8 h100": it becomes the node's
    // reason.
    return Optional.of(
        "gpu: found "
            + found
            + " of "
            + expectedGpus
            + " GPU devices (nvidiaN, character, major "
            + NVIDIA_MAJOR
            + ") in "
            + dir);
  }

  static boolean isGpu(Entry e) {
    return GPU_NAME.matcher(e.name()).matches()
        && (e.mode() & S_IFMT) == S_IFCHR
        && major(e.rdev()) == NVIDIA_MAJOR;
  }

  /** Linux's gnu_dev_major: the major number packed in a dev_t. */
  static long major(long rdev) {
    return ((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL);
  }
}
