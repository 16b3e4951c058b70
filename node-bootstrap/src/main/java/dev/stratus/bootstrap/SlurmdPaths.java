package dev.stratus.bootstrap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The directories slurmd needs before it starts, read from slurm.conf: slurmd does not create the
 * directories of {@code SlurmdLogFile} or {@code SlurmdPidFile} ("Unable to open logfile ... No
 * such file or directory", exit 1), nor the parents of {@code SlurmdSpoolDir}. {@code %n} and
 * {@code %h} are replaced by the node name (the hostname is the node name here). Pure.
 */
final class SlurmdPaths {
  private SlurmdPaths() {}

  static List<Path> directoriesToCreate(List<String> slurmConfLines, String nodeName) {
    List<Path> dirs = new ArrayList<>();
    for (String raw : slurmConfLines) {
      String line = raw.strip();
      int eq = line.indexOf('=');
      if (line.startsWith("#") || eq < 0) {
        continue;
      }
      String key = line.substring(0, eq).strip().toLowerCase(Locale.ROOT);
      String value = line.substring(eq + 1).strip().split("\\s+")[0];
      if (value.isEmpty()) {
        continue;
      }
      Path path = Path.of(value.replace("%n", nodeName).replace("%h", nodeName));
      if (!path.isAbsolute()) {
        continue;
      }
      switch (key) {
        case "slurmdlogfile", "slurmdpidfile" -> dirs.add(path.getParent());
        case "slurmdspooldir" -> dirs.add(path);
        default -> {
          // not a slurmd path
        }
      }
    }
    return dirs;
  }
}
