package dev.stratus.packaging;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A finished program: exit status, stdout, stderr. */
record Run(int exit, String out, String err) {
  /** Runs argv with only a PATH as its environment (like cloud-init), stdin from /dev/null. */
  static Run of(String... argv) throws IOException, InterruptedException {
    return of(List.of(argv));
  }

  static Run of(List<String> argv) throws IOException, InterruptedException {
    return of(Duration.ofSeconds(60), argv);
  }

  static Run of(Duration limit, String... argv) throws IOException, InterruptedException {
    return of(limit, List.of(argv));
  }

  /** The same with another time limit (apt-get waits for the dpkg lock). */
  static Run of(Duration limit, List<String> argv) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(argv).redirectInput(new File("/dev/null"));
    pb.environment().clear();
    pb.environment().put("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
    Path err = Files.createTempFile("node-archive-", ".err");
    try {
      pb.redirectError(err.toFile());
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(argv + " ran past " + limit);
      }
      return new Run(p.exitValue(), out, Files.readString(err));
    } finally {
      Files.delete(err);
    }
  }
}
