package dev.stratus.core.render;

import dev.stratus.core.render.IncludeSetting.Kind;
import dev.stratus.core.render.SiteSlurmConf.Setting;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.templates.SettingLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The include's settings merged with a site's slurm.conf (pure): what the include writes, whether
 * its first partition may be the default, and what it adds, merges, keeps and cannot merge.
 *
 * <ul>
 *   <li>A setting slurm.conf does not have is added. A list ({@code PrivateData}, {@code
 *       GresTypes}) or keyed list ({@code SlurmctldParameters}) slurm.conf has is written as the
 *       union, slurm.conf's entries first: {@code PrivateData=jobs,usage} becomes {@code
 *       jobs,usage,cloud}. A single value slurm.conf has must be Stratus's, or it conflicts.
 *   <li>slurm.conf is read top to bottom and the last value wins, so a setting that slurm.conf sets
 *       after its Include line replaces the include's: that conflicts unless it already holds all
 *       Stratus needs.
 *   <li>A default partition of slurm.conf's stays the default; a partition or node name that both
 *       declare conflicts.
 * </ul>
 */
public record IncludeMerge(
    List<SettingLine> lines, boolean siteHasDefaultPartition, List<Finding> findings) {
  /** One line of {@code stratus config check}. */
  public record Finding(Verdict verdict, String text) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%-9s %s", verdict.name().toLowerCase(Locale.ROOT), text);
    }
  }

  public enum Verdict {
    ADD,
    SAME,
    MERGE,
    KEEP,
    NOTE,
    CONFLICT
  }

  public boolean conflicts() {
    return findings.stream().anyMatch(f -> f.verdict() == Verdict.CONFLICT);
  }

  static IncludeMerge of(
      List<IncludeSetting> wanted,
      SiteSlurmConf site,
      Set<String> stratusNodes,
      List<String> stratusPartitions) {
    List<SettingLine> lines = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    for (IncludeSetting w : wanted) {
      Optional<Setting> have = site.setting(w.key());
      String value = have.isEmpty() ? w.value() : merged(w, have.get(), findings);
      if (have.isEmpty()) {
        findings.add(new Finding(Verdict.ADD, w.key() + "=" + w.value()));
      }
      lines.add(new SettingLine(w.comment(), w.key(), value));
    }
    site.setting("SlurmdParameters")
        .filter(s -> s.value().toLowerCase(Locale.ROOT).contains("config_overrides"))
        .ifPresent(
            s ->
                findings.add(
                    new Finding(
                        Verdict.NOTE,
                        s.where()
                            + " sets SlurmdParameters=config_overrides: a node that registers with"
                            + " fewer CPUs or less memory than its NodeName line is then not set"
                            + " INVAL, so Stratus cannot see it")));
    var siteDefault = site.defaultPartition();
    siteDefault.ifPresent(
        p ->
            findings.add(
                new Finding(
                    Verdict.KEEP,
                    "default partition "
                        + p.name()
                        + " ("
                        + p.where()
                        + "); Stratus's partitions are not made the default")));
    for (SiteSlurmConf.Partition p : site.partitions()) {
      if (stratusPartitions.contains(p.name())) {
        findings.add(
            new Finding(
                Verdict.CONFLICT,
                p.where()
                    + " declares PartitionName="
                    + p.name()
                    + ", a partition stratus.yaml's pools declare too: rename one of them"));
      }
    }
    Map<String, List<String>> shared = new LinkedHashMap<>();
    site.nodes()
        .forEach(
            (node, where) -> {
              if (stratusNodes.contains(node)) {
                shared.computeIfAbsent(where, k -> new ArrayList<>()).add(node);
              }
            });
    shared.forEach(
        (where, nodes) ->
            findings.add(
                new Finding(
                    Verdict.CONFLICT,
                    where
                        + " declares NodeName "
                        + Hostlist.compressSorted(nodes)
                        + ", slots of stratus.yaml's pools: rename the pool or those nodes")));
    if (site.includeLine().isEmpty() && !site.settings().isEmpty()) {
      findings.add(
          new Finding(
              Verdict.NOTE,
              site.file()
                  + " has no Include line for "
                  + SlurmConfigWriter.INCLUDE_FILE
                  + " yet: add one at its end"));
    }
    site.notes().forEach(n -> findings.add(new Finding(Verdict.NOTE, n)));
    return new IncludeMerge(List.copyOf(lines), siteDefault.isPresent(), List.copyOf(findings));
  }

  /** The value to write for a key slurm.conf sets too; the finding says what came of it. */
  private static String merged(IncludeSetting w, Setting have, List<Finding> out) {
    String where = have.where() + (have.afterInclude() ? " (after the Include line)" : "");
    if (w.kind() == Kind.SCALAR) {
      if (have.value().equals(w.value())) {
        out.add(new Finding(Verdict.SAME, w.key() + "=" + w.value() + " (" + where + ")"));
      } else {
        out.add(
            differ(
                where,
                have.key() + "=" + have.value() + "; Stratus needs " + w.value(),
                w.source()));
      }
      return w.value();
    }
    Map<String, String> union = entries(have.value());
    List<String> clashes = new ArrayList<>();
    entries(w.value())
        .forEach(
            (name, entry) -> {
              String theirs = union.putIfAbsent(name, entry);
              if (theirs != null && !theirs.equals(entry) && w.kind() == Kind.KEYED_LIST) {
                clashes.add(theirs + " (Stratus: " + entry + ")");
              }
            });
    String value = String.join(",", union.values());
    boolean adds = union.size() > entries(have.value()).size();
    if (!clashes.isEmpty()) {
      out.add(differ(where, have.key() + " " + String.join(", ", clashes), w.source()));
    } else if (adds && have.afterInclude()) {
      out.add(
          new Finding(
              Verdict.CONFLICT,
              where
                  + " sets "
                  + have.key()
                  + "="
                  + have.value()
                  + ", which replaces the include's "
                  + value
                  + ": move that line above the Include line"));
    } else if (adds) {
      out.add(
          new Finding(
              Verdict.MERGE,
              have.key() + "=" + have.value() + " -> " + value + " (" + where + ")"));
    } else {
      out.add(new Finding(Verdict.SAME, have.key() + "=" + have.value() + " (" + where + ")"));
    }
    return value;
  }

  /** "WHERE sets WHAT (SOURCE): make them the same". */
  private static Finding differ(String where, String what, String source) {
    return new Finding(
        Verdict.CONFLICT, where + " sets " + what + " (" + source + "): make them the same");
  }

  /** Comma-separated entries by lower-case name ({@code name[=value]}), in order, as written. */
  private static Map<String, String> entries(String list) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String e : list.split(",")) {
      String entry = e.strip();
      if (!entry.isEmpty()) {
        out.putIfAbsent(entry.split("=", 2)[0].toLowerCase(Locale.ROOT), entry);
      }
    }
    return out;
  }
}
