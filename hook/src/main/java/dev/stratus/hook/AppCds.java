package dev.stratus.hook;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Dumps a dynamic AppCDS archive of the hook's classes (JDK 17: {@code -XX:ArchiveClassesAtExit} on
 * a training run; JDK 19+ could use {@code -XX:+AutoCreateSharedArchive} instead). It halves the
 * hook's start-up CPU (measured, HOOKS.md). A training run is one real resume call into a throwaway
 * spool. The archive is only valid for the same JDK and the same, unchanged jars; when they change
 * the JVM prints a warning to the hook log and runs without it (slower, still correct), so the
 * launchers should be rewritten on upgrade. Class paths with directories cannot be archived.
 */
final class AppCds {
  static final String ARCHIVE = "hook.jsa";
  static final long TIMEOUT_S = 120;
  private static final System.Logger LOG = System.getLogger(AppCds.class.getName());

  private AppCds() {}

  static Optional<Path> dump(Path dir, LauncherSpec spec) throws IOException {
    boolean allJars =
        spec.classPath().stream()
            .allMatch(p -> Files.isRegularFile(p) && p.toString().endsWith(".jar"));
    if (!allJars) {
      LOG.log(System.Logger.Level.INFO, "no AppCDS archive: the hook class path is not all jars");
      return Optional.empty();
    }
    Path work = Files.createTempDirectory("stratus-appcds");
    Path temp = dir.resolve("." + ARCHIVE + ".tmp");
    try {
      Path resumeFile = work.resolve("resume.json");
      Files.writeString(
          resumeFile,
          "{\"jobs\":[{\"job_id\":1,\"nodes\":\"cds-[1-2]\"}],\"all_nodes\":\"cds-[1-2]\"}");
      Files.deleteIfExists(temp);
      List<String> cmd = new ArrayList<>();
      cmd.add(spec.java().toString());
      cmd.addAll(spec.jvmFlags());
      cmd.add("-XX:ArchiveClassesAtExit=" + temp);
      cmd.add("-D" + HookMain.SPOOL_DIR + "=" + work.resolve("spool"));
      cmd.add("-D" + HookMain.SCONTROL + "=/bin/false");
      cmd.add("-cp");
      cmd.add(spec.classPath().stream().map(Path::toString).collect(Collectors.joining(":")));
      cmd.addAll(List.of(HookMain.class.getName(), "resume", "cds-[1-2]"));
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
      pb.redirectOutput(work.resolve("dump.log").toFile());
      pb.environment().clear();
      pb.environment().put("SLURM_RESUME_FILE", resumeFile.toString());
      Process p = pb.start();
      boolean done = p.waitFor(TIMEOUT_S, TimeUnit.SECONDS);
      if (!done) {
        p.destroyForcibly();
      }
      if (done && p.exitValue() == 0 && Files.isRegularFile(temp)) {
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-r--r--"));
        Path archive = dir.resolve(ARCHIVE);
        Files.move(
            temp, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return Optional.of(archive);
      }
      LOG.log(
          System.Logger.Level.WARNING,
          "no AppCDS archive: the training run failed ({0}); its output: {1}",
          done ? "exit " + p.exitValue() : "timed out",
          Files.readString(work.resolve("dump.log")));
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } finally {
      Files.deleteIfExists(temp);
      deleteTree(work);
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
