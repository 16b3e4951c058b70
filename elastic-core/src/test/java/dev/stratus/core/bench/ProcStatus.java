package dev.stratus.core.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This JVM's resident memory as the kernel counts it ({@code /proc/self/status}), in MiB. */
record ProcStatus(long rssMib, long peakRssMib) {
  static ProcStatus read() throws IOException {
    long rss = -1;
    long peak = -1;
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("VmRSS:")) {
        rss = kib(line) / 1024;
      } else if (line.startsWith("VmHWM:")) {
        peak = kib(line) / 1024;
      }
    }
    return new ProcStatus(rss, peak);
  }

  private static long kib(String line) {
    return Long.parseLong(line.replaceAll("[^0-9]", ""));
  }
}
