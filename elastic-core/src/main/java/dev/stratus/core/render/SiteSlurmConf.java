package dev.stratus.core.render;

import dev.stratus.hook.hostlist.Hostlist;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a site's slurm.conf already says, as far as the Stratus include is concerned: its global
 * settings (last one wins, as in Slurm), its nodes and partitions, and whether each setting comes
 * before or after the line that includes {@value SlurmConfigWriter#INCLUDE_FILE} (slurm.conf is
 * read top to bottom, an Include in place: a setting after it replaces the include's). Files it
 * includes are read too; Stratus's own include is not.
 *
 * <p>Syntax as slurm.conf(5): {@code #} starts a comment ({@code \#} does not), a line ending in
 * {@code \} continues, {@code Key=Value} pairs are separated by blanks (values may be
 * double-quoted), keys are case-insensitive, {@code Include FILE} reads FILE (relative to
 * slurm.conf's directory).
 *
 * @param settings global settings by lower-case key
 * @param nodes node names declared on NodeName lines, with where
 * @param partitions partitions declared on PartitionName lines
 * @param includeLine where Stratus's include is included ("" when slurm.conf has no such line yet:
 *     every setting then comes before it)
 * @param notes what was seen that the reader could not follow (a missing included file)
 */
public record SiteSlurmConf(
    Path file,
    Map<String, Setting> settings,
    Map<String, String> nodes,
    List<Partition> partitions,
    String includeLine,
    List<String> notes) {
  /**
   * A global setting: its key as written, value, {@code file:line}, and whether after the include.
   */
  public record Setting(String key, String value, String where, boolean afterInclude) {}

  /** A {@code PartitionName=} line. */
  public record Partition(String name, boolean isDefault, String where) {}

  /** Entity lines: their keys are the entity's, not global settings. */
  private static final List<String> ENTITIES =
      List.of("nodename", "partitionname", "nodeset", "frontendname", "downnodes");

  /** A slurm.conf that says nothing (none exists yet). */
  public static SiteSlurmConf empty(Path file) {
    return new SiteSlurmConf(file, Map.of(), Map.of(), List.of(), "", List.of());
  }

  /** Reads {@code file}, or {@link #empty} when there is no such file. */
  public static SiteSlurmConf read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return empty(file);
    }
    Reader r = new Reader(file.toAbsolutePath().getParent());
    r.read(file.toAbsolutePath(), 0);
    return new SiteSlurmConf(
        file,
        Map.copyOf(r.settings),
        Map.copyOf(r.nodes),
        List.copyOf(r.partitions),
        r.includeLine,
        List.copyOf(r.notes));
  }

  public Optional<Setting> setting(String key) {
    return Optional.ofNullable(settings.get(key.toLowerCase(Locale.ROOT)));
  }

  /** The partition slurm.conf makes the default, if any. */
  public Optional<Partition> defaultPartition() {
    return partitions.stream().filter(Partition::isDefault).reduce((a, b) -> b);
  }

  private static final class Reader {
    final Path dir;
    final Map<String, Setting> settings = new LinkedHashMap<>();
    final Map<String, String> nodes = new LinkedHashMap<>();
    final List<Partition> partitions = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    String includeLine = "";

    Reader(Path dir) {
      this.dir = dir;
    }

    void read(Path file, int depth) throws IOException {
      List<String> lines = Files.readAllLines(file);
      String pending = "";
      int first = 0;
      for (int i = 0; i < lines.size(); i++) {
        if (pending.isEmpty()) {
          first = i + 1;
        }
        String line = stripComment(lines.get(i));
        if (line.endsWith("\\")) {
          pending += line.substring(0, line.length() - 1) + " ";
          continue;
        }
        line = (pending + line).strip();
        pending = "";
        if (!line.isEmpty()) {
          take(line, file.getFileName() + ":" + first, depth);
        }
      }
    }

    private void take(String line, String where, int depth) throws IOException {
      String[] head = line.split("\\s+", 2);
      if (head[0].equalsIgnoreCase("include") && head.length == 2) {
        include(unquote(head[1].strip()), where, depth);
        return;
      }
      List<String[]> pairs = pairs(line);
      if (pairs.isEmpty()) {
        return;
      }
      String entity = pairs.get(0)[0].toLowerCase(Locale.ROOT);
      if (entity.equals("nodename") && !pairs.get(0)[1].equalsIgnoreCase("DEFAULT")) {
        for (String n : Hostlist.expand(pairs.get(0)[1])) {
          nodes.put(n, where);
        }
      } else if (entity.equals("partitionname") && !pairs.get(0)[1].equalsIgnoreCase("DEFAULT")) {
        boolean isDefault =
            pairs.stream()
                .anyMatch(p -> p[0].equalsIgnoreCase("Default") && p[1].equalsIgnoreCase("YES"));
        partitions.add(new Partition(pairs.get(0)[1], isDefault, where));
      } else if (!ENTITIES.contains(entity)) {
        for (String[] p : pairs) {
          settings.put(
              p[0].toLowerCase(Locale.ROOT),
              new Setting(p[0], p[1], where, !includeLine.isEmpty()));
        }
      }
    }

    private void include(String target, String where, int depth) throws IOException {
      Path path = dir.resolve(target);
      if (path.getFileName().toString().equals(SlurmConfigWriter.INCLUDE_FILE)) {
        includeLine = where;
      } else if (depth > 8) {
        notes.add(where + ": includes nested deeper than 8 files are not read");
      } else if (Files.isRegularFile(path)) {
        read(path, depth + 1);
      } else {
        notes.add(where + ": includes " + target + ", which is not a file here: not read");
      }
    }

    /** Key=Value pairs; a value may be double-quoted and hold blanks. */
    private static List<String[]> pairs(String line) {
      List<String[]> out = new ArrayList<>();
      int i = 0;
      while (i < line.length()) {
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
          i++;
        }
        int eq = line.indexOf('=', i);
        if (i >= line.length() || eq < 0) {
          break;
        }
        String key = line.substring(i, eq).strip();
        int start = eq + 1;
        int end;
        String value;
        if (start < line.length() && line.charAt(start) == '"') {
          end = line.indexOf('"', start + 1);
          end = end < 0 ? line.length() : end;
          value = line.substring(start + 1, end);
          end++;
        } else {
          end = start;
          while (end < line.length() && !Character.isWhitespace(line.charAt(end))) {
            end++;
          }
          value = line.substring(start, end);
        }
        if (!key.isEmpty() && key.chars().noneMatch(Character::isWhitespace)) {
          out.add(new String[] {key, value});
        }
        i = end;
      }
      return out;
    }

    private static String stripComment(String line) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < line.length(); i++) {
        char c = line.charAt(i);
        if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '#') {
          out.append('#');
          i++;
        } else if (c == '#') {
          break;
        } else {
          out.append(c);
        }
      }
      return out.toString().stripTrailing();
    }

    private static String unquote(String s) {
      return s.length() > 1 && s.startsWith("\"") && s.endsWith("\"")
          ? s.substring(1, s.length() - 1)
          : s;
    }
  }
}
