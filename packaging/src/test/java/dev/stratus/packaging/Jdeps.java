package dev.stratus.packaging;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;

/** The JDK's jdeps on the jars of an unpacked {@link NodeArchive}. */
final class Jdeps {
  private final Map<String, Path> artifacts;

  Jdeps(NodeArchive archive) throws IOException {
    this.artifacts = archive.artifacts();
  }

  /**
   * The JDK's jdeps on these jars of lib/, with the other jars of lib/ as the class path (what
   * {@code -cp 'lib/*'} gives a launcher; jdeps run in-process expands no wildcard); its output.
   */
  String run(String option, List<Path> jars) {
    List<String> args = new ArrayList<>(List.of("--multi-release", "17", option));
    List<String> others =
        artifacts.values().stream().filter(j -> !jars.contains(j)).map(Path::toString).toList();
    if (!others.isEmpty()) {
      args.addAll(List.of("-cp", String.join(":", others)));
    }
    jars.forEach(j -> args.add(j.toString()));
    StringWriter out = new StringWriter();
    int exit =
        ToolProvider.findFirst("jdeps")
            .orElseThrow(() -> new IllegalStateException("this JDK has no jdeps"))
            .run(
                new PrintWriter(out, true),
                new PrintWriter(out, true),
                args.toArray(String[]::new));
    if (exit != 0) {
      throw new IllegalStateException("jdeps " + args + " exited " + exit + ": " + out);
    }
    return out.toString();
  }

  /**
   * For every jar of lib/, the other jars of lib/ its classes use ({@code groupId.artifactId}),
   * from one {@code jdeps -summary} over all of them. jdeps names a jar by its path, its file name
   * or its module name (a jar with a module-info, or an Automatic-Module-Name): each maps back
   * here.
   */
  Map<String, Set<String>> uses() {
    Map<String, Path> byArtifact = artifacts;
    Map<String, String> artifactByName = new TreeMap<>();
    byArtifact.forEach(
        (artifact, jar) -> {
          artifactByName.put(jar.toString(), artifact);
          artifactByName.put(jar.getFileName().toString(), artifact);
          ModuleFinder.of(jar)
              .findAll()
              .forEach(m -> artifactByName.put(m.descriptor().name(), artifact));
        });
    Map<String, Set<String>> uses = new TreeMap<>();
    byArtifact.keySet().forEach(a -> uses.put(a, new TreeSet<>()));
    for (String line : run("-summary", List.copyOf(byArtifact.values())).lines().toList()) {
      String[] sides = line.split(" -> ", 2);
      if (sides.length != 2) {
        continue;
      }
      String user = known(artifactByName, sides[0].strip(), line);
      String target = sides[1].strip();
      // "JDK removed internal API": jersey-common (under the OCI SDK) names sun.misc classes
      boolean outside =
          target.equals("not found")
              || target.equals("JDK removed internal API")
              || ModuleFinder.ofSystem().find(target).isPresent();
      if (!outside) {
        uses.get(user).add(known(artifactByName, target, line));
      }
    }
    return uses;
  }

  /** A name jdeps printed, as an artifact; a name that maps to none would hide a dependency. */
  private static String known(Map<String, String> artifactByName, String name, String line) {
    String artifact = artifactByName.get(name);
    if (artifact == null) {
      throw new IllegalStateException("jdeps named " + name + ", no jar of lib/: " + line);
    }
    return artifact;
  }
}
