package dev.stratus.core.slurm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Test resources under {@code slurm/}. */
final class Samples {
  private Samples() {}

  static String read(String path) {
    try (InputStream in = Samples.class.getResourceAsStream("/slurm/" + path)) {
      if (in == null) {
        throw new IllegalStateException("no test resource slurm/" + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
