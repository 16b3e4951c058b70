package dev.stratus.sandbox.embedded;

import dev.stratus.sandbox.process.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the embedded cluster needs on this machine, and which Debian package brings each. Pure apart
 * from looking at files, so the report is testable with a fake PATH.
 */
public final class Prerequisites {
  /** Program → Debian package that provides it. */
  static final Map<String, String> PROGRAMS = new LinkedHashMap<>();

  static {
    PROGRAMS.put("ip", "iproute2");
    PROGRAMS.put("nsenter", "util-linux");
    PROGRAMS.put("unshare", "util-linux");
    PROGRAMS.put("perl", "perl-base");
    PROGRAMS.put("slurmctld", "slurmctld");
    PROGRAMS.put("slurmd", "slurmd");
    PROGRAMS.put("sbatch", "slurm-client");
    PROGRAMS.put("scontrol", "slurm-client");
    PROGRAMS.put("munged", "munge");
    PROGRAMS.put("mungekey", "munge");
    PROGRAMS.put("munge", "munge");
  }

  /** What Slurm accounting adds (the demo's {@code --accounting}): program → Debian package. */
  static final Map<String, String> ACCOUNTING = new LinkedHashMap<>();

  static {
    ACCOUNTING.put("mariadbd", "mariadb-server");
    ACCOUNTING.put("mariadb-install-db", "mariadb-server");
    ACCOUNTING.put("slurmdbd", "slurmdbd");
    ACCOUNTING.put("sacctmgr", "slurm-client");
    ACCOUNTING.put("sacct", "slurm-client");
  }

  private Prerequisites() {}

  /** What Slurm accounting needs besides the base programs: program → Debian package. */
  public static Map<String, String> accounting() {
    return ACCOUNTING;
  }

  /** Problems found; empty when everything is there. */
  public static List<String> check(List<Path> searchPath, boolean root) {
    return check(searchPath, root, Map.of());
  }

  /**
   * As {@link #check(List, boolean)}, also for {@code more} (program → Debian package), what this
   * run needs besides, e.g. debootstrap when a Slurm root is still to be built.
   */
  public static List<String> check(List<Path> searchPath, boolean root, Map<String, String> more) {
    Map<String, String> programs = new LinkedHashMap<>(PROGRAMS);
    programs.putAll(more);
    List<String> problems = new ArrayList<>();
    if (!root) {
      problems.add(
          "must run as root (it creates network namespaces, a bridge and starts slurmctld)");
    }
    List<String> packages = new ArrayList<>();
    for (var entry : programs.entrySet()) {
      boolean found =
          searchPath.stream().anyMatch(dir -> Files.isExecutable(dir.resolve(entry.getKey())));
      if (!found) {
        problems.add(
            "missing program '" + entry.getKey() + "' (Debian package " + entry.getValue() + ")");
        if (!packages.contains(entry.getValue())) {
          packages.add(entry.getValue());
        }
      }
    }
    if (!packages.isEmpty()) {
      problems.add(
          "install with: apt-get update && apt-get install -y --no-install-recommends "
              + String.join(" ", packages));
    }
    return problems;
  }

  public static List<Path> systemPath() {
    return Arrays.stream(Processes.PATH.split(":")).map(Path::of).toList();
  }

  public static boolean runningAsRoot() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return line.split("\\s+")[1].equals("0");
        }
      }
    } catch (IOException e) {
      return false;
    }
    return false;
  }
}
