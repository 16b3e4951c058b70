package dev.stratus.hook;

import dev.stratus.hook.spool.HookKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Not a test: how long the real resume launcher takes from exec to exit, started as slurmctld
 * starts it (fds 0-2 closed, only SLURM_CONF and SLURM_RESUME_FILE in the environment). Runs three
 * variants: JVM defaults, {@link LauncherSpec#FAST_START}, and FAST_START with AppCDS. Usage (see
 * hook/HOOKS.md): {@code HookLatencyBenchmark [RUNS]} (default 30).
 */
public final class HookLatencyBenchmark {
  private HookLatencyBenchmark() {}

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    Path work = Files.createTempDirectory("stratus-hook-bench");
    try {
      List<Path> classPath = HookJar.classPathAsJars(work);
      System.out.printf("%d runs per variant, class path %s%n", runs, classPath);
      measure(work, "jvm-defaults", classPath, List.of(), false, runs);
      measure(work, "fast-start", classPath, LauncherSpec.FAST_START, false, runs);
      measure(work, "fast-start+appcds", classPath, LauncherSpec.FAST_START, true, runs);
    } finally {
      try (Stream<Path> s = Files.walk(work)) {
        for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  private static void measure(
      Path work, String name, List<Path> cp, List<String> flags, boolean cds, int runs)
      throws Exception {
    Path dir = work.resolve(name);
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    LauncherSpec spec =
        new LauncherSpec(
            java,
            cp,
            dir.resolve("spool"),
            Path.of("/bin/false"),
            dir.resolve("hook.log"),
            flags,
            cds);
    Path launcher =
        HookLaunchers.write(dir.resolve("hooks"), spec).launchers().get(HookKind.RESUME);
    Path resume = dir.resolve("resume.json");
    Files.writeString(
        resume,
        "{\"jobs\":[{\"job_id\":1,\"nodes\":\"gpu-[001-002]\"}],\"all_nodes\":\"gpu-[001-002]\"}");
    for (int i = 0; i < 3; i++) {
      once(launcher, resume); // warm the page cache
    }
    List<Long> wall = new ArrayList<>();
    List<Long> cpu = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      long cpuBefore = childCpuMillis();
      wall.add(once(launcher, resume));
      cpu.add(childCpuMillis() - cpuBefore);
    }
    System.out.printf("%-18s wall %s | cpu %s%n", name, stats(wall), stats(cpu));
  }

  private static String stats(List<Long> ms) {
    List<Long> s = ms.stream().sorted().toList();
    return String.format(
        "median %4d ms  p90 %4d ms  max %4d ms",
        s.get(s.size() / 2), s.get((int) Math.ceil(s.size() * 0.9) - 1), s.get(s.size() - 1));
  }

  /**
   * CPU used by this JVM's waited-for children (cutime + cstime in /proc/self/stat, 10 ms ticks).
   * The launcher chain sh → sigreset → java is all exec, one pid, so this is the hook's own CPU:
   * unlike wall time it does not grow when other work competes for the cores.
   */
  private static long childCpuMillis() throws IOException {
    String stat = Files.readString(Path.of("/proc/self/stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 10; // fields 16, 17; USER_HZ = 100
  }

  private static long once(Path launcher, Path resume) throws IOException, InterruptedException {
    ProcessBuilder pb =
        new ProcessBuilder(
            "/bin/sh",
            "-c",
            "exec 0<&- 1>&- 2>&- \"$0\" \"$1\"",
            launcher.toString(),
            "gpu-[001-002]");
    pb.environment().clear();
    pb.environment().put("SLURM_CONF", "/etc/slurm/slurm.conf");
    pb.environment().put("SLURM_RESUME_FILE", resume.toString());
    long start = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(launcher + " failed; see its hook.log");
    }
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }
}
