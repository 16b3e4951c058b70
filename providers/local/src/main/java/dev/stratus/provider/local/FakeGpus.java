package dev.stratus.provider.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The fake GPUs every local node shares: {@code nvidia0..N-1}, character devices with NVIDIA's
 * major 195 made with {@code mknod -m 666} (docs/slurm-facts.md, "Fake GPU devices": regular files
 * leave CUDA_VISIBLE_DEVICES empty). No driver is behind them; nothing opens them.
 */
final class FakeGpus {
  private FakeGpus() {}

  static synchronized void ensure(Path deviceDir, int count) {
    try {
      Files.createDirectories(deviceDir);
    } catch (IOException e) {
      throw new LocalCommandException("cannot create device dir " + deviceDir + ": " + e);
    }
    for (int i = 0; i < count; i++) {
      Path dev = deviceDir.resolve("nvidia" + i);
      if (Files.exists(dev, LinkOption.NOFOLLOW_LINKS)) {
        if (!Files.isRegularFile(dev, LinkOption.NOFOLLOW_LINKS)
            && !Files.isDirectory(dev, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        throw new LocalCommandException(dev + " exists but is not a device; remove it");
      }
      Shell.check("mknod", "-m", "666", dev.toString(), "c", "195", String.valueOf(i));
    }
  }
}
