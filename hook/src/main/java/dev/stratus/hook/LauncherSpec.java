package dev.stratus.hook;

import com.fasterxml.jackson.core.JsonFactory;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the launchers bake in. {@code java}: the java binary; {@code classPath}: what {@link
 * HookMain} needs (elastic-core and jackson-core, nothing else: fewer jars, faster start); {@code
 * scontrol}: used only to set nodes DOWN on failure; {@code logFile}: where the launchers append
 * fds 1 and 2; {@code jvmFlags}: see {@link #FAST_START}; {@code appCds}: also dump an AppCDS
 * archive (only possible when every class path entry is a jar).
 */
public record LauncherSpec(
    Path java,
    List<Path> classPath,
    Path spoolDir,
    Path scontrol,
    Path logFile,
    List<String> jvmFlags,
    boolean appCds) {

  /**
   * Measured on this machine (see hook/HOOKS.md): C1 only and the serial GC cut start-up CPU; no
   * hsperfdata file; the default CDS archive (and our AppCDS one) when present.
   */
  public static final List<String> FAST_START =
      List.of(
          "-XX:TieredStopAtLevel=1",
          "-XX:+UseSerialGC",
          "-XX:-UsePerfData",
          "-Xshare:auto",
          "-Xmx128m");

  public LauncherSpec {
    absolute("java", java);
    classPath = List.copyOf(classPath);
    if (classPath.isEmpty()) {
      throw new IllegalArgumentException("the hook's class path is empty");
    }
    for (Path p : classPath) {
      absolute("class path entry", p);
      if (p.toString().contains(":")) {
        throw new IllegalArgumentException("class path entry " + p + " contains ':'");
      }
    }
    absolute("spoolDir", spoolDir);
    absolute("scontrol", scontrol);
    absolute("logFile", logFile);
    jvmFlags = List.copyOf(jvmFlags);
  }

  /** This JVM's java binary, the minimal class path, {@link #FAST_START} and AppCDS. */
  public static LauncherSpec forThisJvm(Path spoolDir, Path scontrol, Path logFile) {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new LauncherSpec(
        java, minimalClassPath(), spoolDir, scontrol, logFile, FAST_START, true);
  }

  /** Where HookMain and jackson-core were loaded from (a jar, or a classes directory in tests). */
  public static List<Path> minimalClassPath() {
    Set<Path> out = new LinkedHashSet<>();
    for (Class<?> c : List.of(HookMain.class, JsonFactory.class)) {
      try {
        out.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()));
      } catch (URISyntaxException | NullPointerException e) {
        throw new IllegalStateException("cannot tell where " + c.getName() + " was loaded from", e);
      }
    }
    return new ArrayList<>(out);
  }

  private static void absolute(String what, Path p) {
    if (p == null || !p.isAbsolute()) {
      throw new IllegalArgumentException(what + " must be an absolute path, got " + p);
    }
  }
}
