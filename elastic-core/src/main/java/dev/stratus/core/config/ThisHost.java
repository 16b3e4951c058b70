package dev.stratus.core.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This machine's short host name, read from the kernel (no DNS), as Slurm compares it. */
public final class ThisHost {
  private ThisHost() {}

  /**
   * The kernel's host name up to its first dot: slurmctld starts only where SlurmctldHost names it,
   * and {@code scontrol ping} prints SlurmctldHost's names.
   */
  public static String shortName() {
    try {
      String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
      int dot = name.indexOf('.');
      return dot > 0 ? name.substring(0, dot) : name;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read this machine's host name", e);
    }
  }
}
