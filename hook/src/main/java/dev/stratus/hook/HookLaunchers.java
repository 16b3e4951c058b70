package dev.stratus.hook;

import dev.stratus.hook.spool.HookKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes the programs slurm.conf names: {@code stratus-resume}, {@code stratus-suspend}, {@code
 * stratus-resume-fail} (ResumeProgram, SuspendProgram, ResumeFailProgram) and the {@code sigreset}
 * helper they exec through, all {@code rwxr-xr-x} and owned by the current user (slurmctld refuses
 * a program that is group or world writable). Each file is written to a temp name and renamed, so
 * slurmctld never runs a half-written launcher. With {@link LauncherSpec#appCds()} it also dumps an
 * AppCDS archive ({@link AppCds}) that the launchers then use.
 */
public final class HookLaunchers {
  public static final String SIGRESET = "sigreset";

  private HookLaunchers() {}

  /** The launchers written, by kind, and the archive if one was made. */
  public record Written(Map<HookKind, Path> launchers, Path sigreset, Optional<Path> cdsArchive) {
    public Written {
      launchers = Map.copyOf(launchers);
    }
  }

  /** {@code stratus-resume}, {@code stratus-suspend}, {@code stratus-resume-fail}. */
  public static String programName(HookKind kind) {
    return "stratus-" + kind.cliName();
  }

  public static Written write(Path hookDir, LauncherSpec spec) throws IOException {
    Path dir = hookDir.toAbsolutePath();
    Files.createDirectories(dir);
    Path sigreset = dir.resolve(SIGRESET);
    writeExecutable(sigreset, resource("sigreset.pl"));
    Optional<Path> archive = spec.appCds() ? AppCds.dump(dir, spec) : Optional.empty();
    Map<HookKind, Path> out = new EnumMap<>(HookKind.class);
    String template = resource("launcher.sh.tmpl");
    for (HookKind kind : HookKind.values()) {
      Path p = dir.resolve(programName(kind));
      writeExecutable(p, render(template, kind, spec, sigreset, archive));
      out.put(kind, p);
    }
    return new Written(out, sigreset, archive);
  }

  static String render(
      String template, HookKind kind, LauncherSpec spec, Path sigreset, Optional<Path> archive) {
    String flags =
        Stream.concat(
                spec.jvmFlags().stream(), archive.stream().map(a -> "-XX:SharedArchiveFile=" + a))
            .map(HookLaunchers::quote)
            .collect(Collectors.joining(" "));
    String classPath =
        spec.classPath().stream().map(Path::toString).collect(Collectors.joining(":"));
    return template
        .replace("@@SLURM_KEY@@", slurmKey(kind))
        .replace("@@LOG@@", quote(spec.logFile().toString()))
        .replace("@@SIGRESET@@", quote(sigreset.toString()))
        .replace("@@JAVA@@", quote(spec.java().toString()))
        .replace("@@JVM_FLAGS@@", flags)
        .replace("@@SPOOL@@", quote(spec.spoolDir().toString()))
        .replace("@@SCONTROL@@", quote(spec.scontrol().toString()))
        .replace("@@CLASSPATH@@", quote(classPath))
        .replace("@@KIND@@", kind.cliName());
  }

  /** The slurm.conf key that names the launcher of {@code kind}, e.g. {@code ResumeProgram}. */
  public static String slurmKey(HookKind kind) {
    return switch (kind) {
      case RESUME -> "ResumeProgram";
      case SUSPEND -> "SuspendProgram";
      case RESUME_FAIL -> "ResumeFailProgram";
    };
  }

  /** POSIX shell single-quoting: safe for any string. */
  static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static void writeExecutable(Path target, String content) throws IOException {
    Path temp = target.resolveSibling("." + target.getFileName() + ".tmp");
    Files.writeString(temp, content, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = HookLaunchers.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("resource " + name + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
